/**
 * DataTable props shared by every list of the app: under the mobile breakpoint (1000 px, spec §9)
 * rows stack as label/value pairs instead of squeezing columns.
 */
export const responsiveTable = { responsiveLayout: 'stack', breakpoint: '999px' } as const;
