import { describe, expect, it } from 'vitest';
import { keepQuantitiesTogether } from './quantity-text';

const NBSP = '\u00a0';

describe('keepQuantitiesTogether', () => {
  it('joins a number to its unit with a no-break space', () => {
    expect(keepQuantitiesTogether('Porcelán bögre, matyó mintás, 3 dl')).toBe(
      `Porcelán bögre, matyó mintás, 3${NBSP}dl`,
    );
    expect(keepQuantitiesTogether('Cappuccinós csésze aljjal, kobaltkék, 2,5 dl')).toBe(
      `Cappuccinós csésze aljjal, kobaltkék, 2,5${NBSP}dl`,
    );
    expect(keepQuantitiesTogether('Illatgyertya üvegben, fahéjas alma, 120 g')).toBe(
      `Illatgyertya üvegben, fahéjas alma, 120${NBSP}g`,
    );
    expect(keepQuantitiesTogether('Tárolóüveg, 0.75 l és 1 kg')).toBe(
      `Tárolóüveg, 0.75${NBSP}l és 1${NBSP}kg`,
    );
    expect(keepQuantitiesTogether('Teamécses, vanília, 12 db')).toBe(`Teamécses, vanília, 12${NBSP}db`);
  });

  it('keeps a size of several dimensions whole, with or without spaces around ×', () => {
    expect(keepQuantitiesTogether('Képkeret, fehér, 13 × 18 cm')).toBe(
      `Képkeret, fehér, 13${NBSP}×${NBSP}18${NBSP}cm`,
    );
    expect(keepQuantitiesTogether('Vágódeszka, 40×25 cm')).toBe(`Vágódeszka, 40×25${NBSP}cm`);
    expect(keepQuantitiesTogether('Terítő, 140 x 180 cm')).toBe(`Terítő, 140${NBSP}x${NBSP}180${NBSP}cm`);
    expect(keepQuantitiesTogether('Díszpárna, 2 m²')).toBe(`Díszpárna, 2${NBSP}m²`);
  });

  it('leaves numbers that are not quantities and words that only start like a unit', () => {
    expect(keepQuantitiesTogether('Szakácskönyv: 100 lecsó')).toBe('Szakácskönyv: 100 lecsó');
    expect(keepQuantitiesTogether('Bögre 3 giraffe-fal')).toBe('Bögre 3 giraffe-fal');
    expect(keepQuantitiesTogether('Karácsonyi bögre, mézeskalács mintás')).toBe(
      'Karácsonyi bögre, mézeskalács mintás',
    );
    expect(keepQuantitiesTogether('')).toBe('');
  });
});
