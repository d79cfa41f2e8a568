import { z } from 'zod';
import { contract } from './contract.ts';

/** `update/checkDb` of `server/routes/api/update.ts`: how many migrations are waiting (normally 0). */
export const updateCheckDb = contract<{ pending_migrations: number }>()('update/checkDb', z.object({}));
