import { describe, expect, it } from 'vitest';
import {
  EU_VAT_NUMBER_FORMAT_MESSAGE,
  euVatNumberMismatch,
  euVatNumberProblem,
  HU_VAT_NUMBER_CHECK_DIGIT_MESSAGE,
  normalizePhone,
  PHONE_FORMAT_MESSAGE,
  TAX_NUMBER_CHECK_DIGIT_MESSAGE,
  TAX_NUMBER_FORMAT_MESSAGE,
  taxNumberCheckDigit,
  taxNumberProblem,
  ZNewPassword,
  ZOptionalEuVatNumber,
  ZOptionalPhone,
  ZOptionalTaxNumber,
} from './account';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('Hungarian tax number', () => {
  it('computes the check digit with weights 9,7,3,1,9,7,3', () => {
    // 1·9 + 2·7 + 3·3 + 4·1 + 5·9 + 6·7 + 7·3 = 144 → (10 − 4) mod 10 = 6
    expect(taxNumberCheckDigit('1234567')).toBe(6);
    // 8·9 + 7·7 + 6·3 + 5·1 + 4·9 + 3·7 + 2·3 = 207 → 3
    expect(taxNumberCheckDigit('8765432')).toBe(3);
    // A sum ending in 0 gives 0, not 10.
    expect(taxNumberCheckDigit('0000011')).toBe(0);
  });

  it('accepts valid numbers and names the problem of invalid ones', () => {
    expect(taxNumberProblem('12345676-1-12')).toBeNull();
    expect(taxNumberProblem('87654323-2-08')).toBeNull();
    expect(taxNumberProblem('00000110-1-41')).toBeNull();
    expect(taxNumberProblem('12345678-1-12')).toBe(TAX_NUMBER_CHECK_DIGIT_MESSAGE);
    expect(taxNumberProblem('87654321-1-08')).toBe(TAX_NUMBER_CHECK_DIGIT_MESSAGE);
    expect(taxNumberProblem('1234567-1-12')).toBe(TAX_NUMBER_FORMAT_MESSAGE);
    expect(taxNumberProblem('12345676-9-12')).toBe(TAX_NUMBER_FORMAT_MESSAGE);
  });

  it('reads dashless input, clears on an empty text and reports in Hungarian', () => {
    expect(ZOptionalTaxNumber.parse('12345676112')).toBe('12345676-1-12');
    expect(ZOptionalTaxNumber.parse(' 12345676-1-12 ')).toBe('12345676-1-12');
    expect(ZOptionalTaxNumber.parse('')).toBeNull();
    expect(ZOptionalTaxNumber.parse(null)).toBeNull();
    expect(ZOptionalTaxNumber.parse(undefined)).toBeUndefined();
    expect(firstMessage(ZOptionalTaxNumber.safeParse('12345678-1-12'))).toBe(TAX_NUMBER_CHECK_DIGIT_MESSAGE);
    expect(firstMessage(ZOptionalTaxNumber.safeParse('adószám'))).toBe(TAX_NUMBER_FORMAT_MESSAGE);
  });
});

describe('EU VAT number (közösségi adószám)', () => {
  it('accepts HU and the eight digits of a valid tax number base, checking its check digit', () => {
    expect(euVatNumberProblem('HU12345676')).toBeNull();
    expect(euVatNumberProblem('HU12345678')).toBe(HU_VAT_NUMBER_CHECK_DIGIT_MESSAGE);
    expect(euVatNumberProblem('HU1234567')).toBe(EU_VAT_NUMBER_FORMAT_MESSAGE);
    expect(euVatNumberProblem('HU123456760')).toBe(EU_VAT_NUMBER_FORMAT_MESSAGE);
  });

  it('accepts another member state’s prefix with 2–12 letters or digits, and nothing else', () => {
    expect(euVatNumberProblem('DE123456789')).toBeNull();
    expect(euVatNumberProblem('ATU12345678')).toBeNull();
    expect(euVatNumberProblem('NL123456789B01')).toBeNull();
    expect(euVatNumberProblem('EL123456789')).toBeNull();
    expect(euVatNumberProblem('GB123456789')).toBe(EU_VAT_NUMBER_FORMAT_MESSAGE);
    expect(euVatNumberProblem('12345676')).toBe(EU_VAT_NUMBER_FORMAT_MESSAGE);
    expect(euVatNumberProblem('DE1')).toBe(EU_VAT_NUMBER_FORMAT_MESSAGE);
  });

  it('reads spaces, dashes and lower case, clears on an empty text and explains in Hungarian', () => {
    expect(ZOptionalEuVatNumber.parse('hu 1234-5676')).toBe('HU12345676');
    expect(ZOptionalEuVatNumber.parse('')).toBeNull();
    expect(ZOptionalEuVatNumber.parse(undefined)).toBeUndefined();
    const refused = ZOptionalEuVatNumber.safeParse('HU 12345678');
    expect(refused.error?.issues[0]?.message).toBe(HU_VAT_NUMBER_CHECK_DIGIT_MESSAGE);
  });

  it('must belong to the Hungarian tax number beside it', () => {
    expect(euVatNumberMismatch('HU12345676', '12345676-2-42')).toBeNull();
    expect(euVatNumberMismatch('HU11111119', '12345676-2-42')).toMatch(/első 8 számjegyével/);
    expect(euVatNumberMismatch('DE123456789', '12345676-2-42')).toBeNull();
    expect(euVatNumberMismatch('HU12345676', null)).toBeNull();
  });
});

describe('Hungarian phone number', () => {
  it('stores every common way of writing one in the +36 form', () => {
    expect(normalizePhone('+36 30 123 4567')).toBe('+36 30 123 4567');
    expect(normalizePhone('06-30/123-4567')).toBe('+36 30 123 4567');
    expect(normalizePhone('0036301234567')).toBe('+36 30 123 4567');
    expect(normalizePhone('+36 1 234 5678')).toBe('+36 1 234 5678');
    expect(normalizePhone('06 46 123 456')).toBe('+36 46 123 456');
  });

  it('refuses what is not a Hungarian number', () => {
    expect(normalizePhone('30 123 4567')).toBeNull();
    expect(normalizePhone('+49 30 1234567')).toBeNull();
    expect(normalizePhone('+36 30 123 456')).toBeNull();
    expect(normalizePhone('+36 46 123 4567')).toBeNull();
    expect(firstMessage(ZOptionalPhone.safeParse('12345'))).toBe(PHONE_FORMAT_MESSAGE);
    expect(ZOptionalPhone.parse('')).toBeNull();
  });
});

describe('password rules', () => {
  it('needs 8 characters, a letter and a digit, and says so in Hungarian', () => {
    expect(ZNewPassword.safeParse('Jelszo123').success).toBe(true);
    expect(ZNewPassword.safeParse('Árvíztűrő1').success).toBe(true);
    expect(firstMessage(ZNewPassword.safeParse('Ab1'))).toBe(
      'A jelszónak legalább 8 karakter hosszúnak kell lennie.',
    );
    expect(firstMessage(ZNewPassword.safeParse('12345678'))).toBe(
      'A jelszónak tartalmaznia kell legalább egy betűt.',
    );
    expect(firstMessage(ZNewPassword.safeParse('jelszojelszo'))).toBe(
      'A jelszónak tartalmaznia kell legalább egy számjegyet.',
    );
  });
});
