import { describe, expect, it } from 'vitest';
import { contractOf, type ActionName } from '../../../core/api/index.ts';
import * as pageContracts from '../../../core/api/page.ts';
import { allActions } from '../../../server/routes/index.ts';

describe('action contracts', () => {
  it('finds a contract by name, case-insensitively as the router does', () => {
    expect(contractOf('page/info')).toBe(pageContracts.pageInfo);
    expect(contractOf('Page/Info' as ActionName)).toBe(pageContracts.pageInfo);
  });

  it('the route table declares each contracted action with its contract (name and schema)', () => {
    for (const action of allActions) {
      let contract;
      try {
        contract = contractOf(action.name as ActionName);
      } catch {
        continue;
      }
      expect(action.input, action.name).toBe(contract.input);
    }
  });
});
