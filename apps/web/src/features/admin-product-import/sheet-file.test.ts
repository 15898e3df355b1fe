import { IMPORT_SHEET_CONTENT_TYPES } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { sheetContentType, sheetFileProblem } from './sheet-file';

describe('a chosen sheet', () => {
  it('refuses a sheet over 50 MB or of another kind before uploading it', () => {
    expect(sheetFileProblem({ name: 'termekek.CSV', size: 50 * 1024 * 1024 })).toBeNull();
    expect(sheetFileProblem({ name: 'termekek.xlsx', size: 1000 })).toBeNull();
    expect(sheetFileProblem({ name: 'termekek.csv', size: 50 * 1024 * 1024 + 1 })).toMatch(
      /túl nagy: legfeljebb 50 MB-os táblázat tölthető fel\.$/,
    );
    expect(sheetFileProblem({ name: 'termekek.xls', size: 1000 })).toBe(
      'termekek.xls: csak CSV vagy XLSX táblázat importálható.',
    );
  });
});

describe('the type a sheet is sent as', () => {
  it('follows the name, whatever the browser calls the file, and is one the server takes raw', () => {
    expect(sheetContentType('termekek.XLSX')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sheetContentType('termekek.csv')).toBe('text/csv');
    for (const name of ['a.csv', 'a.xlsx']) {
      expect(IMPORT_SHEET_CONTENT_TYPES).toContain(sheetContentType(name));
    }
  });
});
