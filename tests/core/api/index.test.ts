import { describe, expect, it } from 'vitest';
import { contractOf, type ActionName } from '../../../core/api/index.ts';
import * as pageContracts from '../../../core/api/page.ts';
import { allActions } from '../../../server/routes/index.ts';

describe('action contracts', () => {
  it('finds a contract by name, case-insensitively as the router does', () => {
    expect(contractOf('page/info')).toBe(pageContracts.pageInfo);
    expect(contractOf('Page/Info' as ActionName)).toBe(pageContracts.pageInfo);
  });

  it('every action of the route table is declared with its contract (name and schema)', () => {
    const missing: string[] = [];
    for (const action of allActions) {
      let contract;
      try {
        contract = contractOf(action.name as ActionName);
      } catch {
        missing.push(action.name);
        continue;
      }
      expect(action.input, action.name).toBe(contract.input);
    }
    expect(missing).toEqual([]);
  });

  it('refuses a name nothing declares', () => {
    expect(() => contractOf('page/nothing' as ActionName)).toThrow('no contract for page/nothing');
  });
});
