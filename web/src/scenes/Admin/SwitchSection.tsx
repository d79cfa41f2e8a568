import { InputSwitch } from 'primereact/inputswitch';
import type { ReactNode } from 'react';

/** A settings block (LDAP, object storage) whose fields only show while its switch is on. */
export function SwitchSection({
  id,
  title,
  label,
  on,
  onChange,
  children,
}: {
  id: string;
  title: string;
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <>
      <h3 className="folio-subsection">{title}</h3>
      <div className="folio-switch-row">
        <InputSwitch inputId={id} checked={on} onChange={(e) => onChange(!!e.value)} />
        <label htmlFor={id}>{label}</label>
      </div>
      {on && <div className="folio-subform">{children}</div>}
    </>
  );
}
