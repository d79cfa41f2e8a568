import { z } from 'zod';
import { findMockOfPage, saveMock } from '../../commands/mocks/mocks.ts';
import { MOCK_TEMPLATE_MAX_BYTES } from '../../commands/mocks/mockTemplate.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zRequiredText, zText } from '../../../core/api/schema.ts';
import type { UserActor } from '../../policies/actor.ts';
import { presentMock } from '../../presenters/mock.ts';

/** `mock/*` actions. The mock answers themselves are served by `server/http/mockServe.ts`. */
export const mockActions: ActionDef[] = [
  action({
    name: 'mock/add',
    auth: 'user',
    writes: true,
    input: z.object({ page_id: zId, template: zRequiredText(MOCK_TEMPLATE_MAX_BYTES), path: zText(500) }).loose(),
    load: { page: { param: 'page_id', need: 'write' } },
    async handle({ input, actor, services, loaded: { page: { page } } }) {
      return saveMock(services, { uid: (actor as UserActor).uid, page_id: page.page_id, item_id: page.item_id, template: input.template, path: input.path });
    },
  }),
  action({
    name: 'mock/infoByPageId',
    auth: 'public',
    writes: false,
    input: z.object({ page_id: zId }).loose(),
    load: { page: { param: 'page_id', need: 'read' } },
    async handle({ input, services }) {
      const mock = await findMockOfPage(services, input.page_id);
      return mock ? presentMock(mock, services.config.TIMEZONE) : [];
    },
  }),
];
