import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_CHECKSUM_MESSAGE,
  BANK_ACCOUNT_FORMAT_MESSAGE,
  ZBankAccount,
  ZOrderRefundInput,
} from './refund';

describe('ZBankAccount', () => {
  it('accepts 2 × 8 and 3 × 8 digits with any separators and writes them with hyphens', () => {
    expect(ZBankAccount.parse('11773016-11111018')).toBe('11773016-11111018');
    expect(ZBankAccount.parse(' 11773016 11111018 ')).toBe('11773016-11111018');
    expect(ZBankAccount.parse('117730161111101800000000')).toBe('11773016-11111018-00000000');
  });

  it('refuses other lengths and letters with the format message', () => {
    for (const wrong of ['1177301611111018000', '11773016-1111101', 'HU42117730161111101800000000', '']) {
      const result = ZBankAccount.safeParse(wrong);
      expect(result.success, wrong).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(BANK_ACCOUNT_FORMAT_MESSAGE);
    }
  });

  it('refuses a mistyped digit through the giro check of either block', () => {
    for (const wrong of ['11773017-11111018', '11773016-11111019', '11773016-11111018-00000001']) {
      expect(ZBankAccount.safeParse(wrong).error?.issues[0]?.message, wrong).toBe(
        BANK_ACCOUNT_CHECKSUM_MESSAGE,
      );
    }
  });
});

describe('ZOrderRefundInput', () => {
  it('needs an amount or lines, and names each line once', () => {
    expect(ZOrderRefundInput.safeParse({ id: 1 }).error?.issues[0]).toMatchObject({
      path: ['amount'],
      message: 'Add meg a visszatérítendő összeget vagy a tételeket.',
    });
    expect(
      ZOrderRefundInput.safeParse({
        id: 1,
        lines: [
          { line: 5, quantity: 1 },
          { line: 5, quantity: 1 },
        ],
      }).error?.issues[0],
    ).toMatchObject({ path: ['lines', 1, 'line'], message: 'Egy tétel csak egyszer szerepelhet.' });
    expect(ZOrderRefundInput.safeParse({ id: 1, amount: 0 }).error?.issues[0]?.message).toBe(
      'Az összeg legalább 1 Ft.',
    );
  });
});
