import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { isConnectionLoss, tagConnectionLoss } from '../../server/db/connectionLoss.ts';

describe('isConnectionLoss', () => {
  it('knows PostgreSQL connection codes and driver messages', () => {
    expect(isConnectionLoss(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not take a bare socket error (LDAP, outbound HTTP) or a query fault for a database outage', () => {
    expect(isConnectionLoss(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:389'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });

  it('looks inside the DBError objection wraps a model query failure in', () => {
    const native = Object.assign(new Error('x'), { code: '08006' });
    expect(isConnectionLoss(Object.assign(new Error('x'), { nativeError: native }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('x'), { nativeError: Object.assign(new Error('y'), { code: '23505' }) }))).toBe(false);
  });

  it('counts a socket error once a query on the tagged database failed with it', () => {
    const db = knexFactory({ client: 'pg' });
    tagConnectionLoss(db);
    const err = Object.assign(new Error('select 1 - read ECONNRESET'), { code: 'ECONNRESET' });
    expect(isConnectionLoss(err)).toBe(false);
    db.emit('query-error', err, {});
    expect(isConnectionLoss(err)).toBe(true);
  });
});
