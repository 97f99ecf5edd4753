import { describe, expect, it } from 'vitest';
import { parseConfig } from '#platform/config/config.server.ts';
import { pageGuard, pageNeeds } from '#features/accounts/protected-pages.server.ts';
import {
  MAX_REPORT_DETAILS,
  REPORT_REASON_LIST,
  reasonLabel,
  reportDecisionSchema,
  reportPath,
  reportSchema,
  reportTargetSchema,
} from './reports.ts';
import { REPORT_REASONS } from '#db/schema.ts';

describe('reports', () => {
  it('offers exactly the reasons the database accepts, each with its words', () => {
    expect([...REPORT_REASON_LIST].sort()).toEqual([...REPORT_REASONS].sort());
    expect(REPORT_REASON_LIST.map(reasonLabel)).toEqual([
      'Scam or fake',
      'Asked for payment in advance',
      'Wrong category',
      'Offensive',
      'Duplicate',
      'Other',
    ]);
  });

  it('reads a report form: details required for "other", capped, trimmed, empty otherwise', () => {
    expect(reportSchema.parse({ kind: 'request', id: '7', reason: 'scam', details: '  ' })).toEqual({
      kind: 'request',
      id: 7,
      reason: 'scam',
      details: null,
    });
    const other = reportSchema.safeParse({ kind: 'listing', id: 1, reason: 'other' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]).toMatchObject({ path: ['details'], message: 'Please say what is wrong.' });
    expect(reportSchema.safeParse({ kind: 'listing', id: 1, reason: 'scam', details: 'x'.repeat(MAX_REPORT_DETAILS + 1) }).success).toBe(
      false,
    );
    expect(reportSchema.safeParse({ kind: 'listing', id: 1, reason: 'scam', details: 'a\u0000b' }).success).toBe(false);
    expect(reportSchema.safeParse({ kind: 'listing', id: 1 }).error?.issues[0]?.message).toBe('Please choose what is wrong.');
    expect(reportSchema.safeParse({ kind: 'user', id: 1, reason: 'scam' }).success).toBe(false);
    expect(reportSchema.safeParse({ kind: 'listing', id: '99999999999', reason: 'scam' }).success).toBe(false);
  });

  it('reads the target of the report page from its query string', () => {
    expect(reportTargetSchema.parse({ kind: 'comment', id: '12' })).toEqual({ kind: 'comment', id: 12 });
    expect(reportTargetSchema.safeParse({ kind: 'comment', id: 'x' }).success).toBe(false);
    expect(reportPath('listing', 5)).toBe('/report?kind=listing&id=5');
  });

  it("reads an admin's decisions", () => {
    expect(reportDecisionSchema.parse({ action: 'ban', kind: 'listing', id: '3', reason: ' Scams ' })).toEqual({
      action: 'ban',
      kind: 'listing',
      id: 3,
      reason: 'Scams',
    });
    expect(reportDecisionSchema.parse({ action: 'unban', user: 'u1' })).toEqual({ action: 'unban', user: 'u1' });
    expect(reportDecisionSchema.safeParse({ action: 'delete', kind: 'listing', id: 3 }).success).toBe(false);
  });

  it('REPORT_HIDE_THRESHOLD is a positive whole number, 3 by default', () => {
    expect(parseConfig({}).reportHideThreshold).toBe(3);
    expect(parseConfig({ REPORT_HIDE_THRESHOLD: '5' }).reportHideThreshold).toBe(5);
    expect(() => parseConfig({ REPORT_HIDE_THRESHOLD: '0' })).toThrow(/REPORT_HIDE_THRESHOLD/);
    expect(() => parseConfig({ REPORT_HIDE_THRESHOLD: '2.5' })).toThrow(/REPORT_HIDE_THRESHOLD/);
  });

  it('the report form needs an account, the queue an admin', () => {
    expect(pageNeeds('/report')).toBe('signedIn');
    expect(pageNeeds('/admin/reports')).toBe('admin');
    const redirect = pageGuard(new URL('http://x/report?kind=listing&id=4'), null) as Response;
    expect(redirect.headers.get('Location')).toBe('/login?next=/report%3Fkind%3Dlisting%26id%3D4');
  });
});
