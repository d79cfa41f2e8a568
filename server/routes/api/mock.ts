import { findMockOfPage, saveMock } from '../../commands/mocks/mocks.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/mock.ts';
import type { UserActor } from '../../policies/actor.ts';
import { presentMock } from '../../presenters/mock.ts';

/** `mock/*` actions. The mock answers themselves are served by `server/http/mockServe.ts`. */
export const mockActions: ActionDef[] = [
  action(contracts.mockAdd, {
    auth: 'user',
    writes: true,
    load: { page: { param: 'page_id', need: 'write' } },
    async handle({
      input,
      actor,
      services,
      loaded: {
        page: { page },
      },
    }) {
      return saveMock(services, { uid: (actor as UserActor).uid, page_id: page.page_id, item_id: page.item_id, template: input.template, path: input.path });
    },
  }),
  action(contracts.mockInfoByPageId, {
    auth: 'public',
    writes: false,
    load: { page: { param: 'page_id', need: 'read' } },
    async handle({ input, services }) {
      const mock = await findMockOfPage(services, input.page_id);
      return mock ? presentMock(mock, services.config.TIMEZONE) : [];
    },
  }),
];
