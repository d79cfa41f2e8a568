import { z } from 'zod';
import { contract } from './contract.ts';

/** `scriptCron/run` of `server/routes/api/scriptCron.ts`: runs the due background jobs; answers an empty object, as ShowDoc's server does. */
export const scriptCronRun = contract<Record<string, never>>()('scriptCron/run', z.object({}));
