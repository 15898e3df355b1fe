import { describe, expect, it } from 'vitest';
import { changeText, countsText, sampleValue } from './import-text';

describe('import texts', () => {
  it('shows a change old → new, a new field without an old value, and cuts a long value', () => {
    expect(changeText({ field: 'Bruttó ár (Ft)', from: '2990', to: '3290' })).toBe(
      'Bruttó ár (Ft): 2990 → 3290',
    );
    expect(changeText({ field: 'Bruttó ár (Ft)', from: '', to: '2990' })).toBe('Bruttó ár (Ft): 2990');
    expect(changeText({ field: 'Leírás', from: 'régi', to: '' })).toBe('Leírás: régi → –');
    const long = changeText({ field: 'Leírás', from: '', to: 'x'.repeat(500) });
    expect(long).toHaveLength('Leírás: '.length + 80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('takes the first sample value that is not empty', () => {
    const sample = [
      ['SR-1', ''],
      ['SR-2', ' Konyha '],
    ];
    expect(sampleValue(sample, 0)).toBe('SR-1');
    expect(sampleValue(sample, 1)).toBe('Konyha');
    expect(sampleValue(sample, 2)).toBeNull();
  });

  it('counts a job in words', () => {
    expect(countsText({ created: 2, changed: 0, unchanged: 1, refused: 1 })).toBe(
      '2 új · 0 módosul · 1 változatlan · 1 elutasítva',
    );
  });
});
