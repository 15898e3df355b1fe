import { describe, expect, it } from 'vitest';
import { compareByName, orderByName } from './name-order';

const TITLES = [
  'Zsámoly',
  'Csésze',
  'cukortartó',
  'Ötlet doboz',
  'Olló',
  'Bögre',
  'Ágyterítő',
  'Alma tál',
  'Szék',
];

function fullSort(products: { id: number; title: string }[]): number[] {
  return [...products].sort(compareByName).map((product) => product.id);
}

describe('orderByName', () => {
  const products = TITLES.map((title, i) => ({ id: i + 1, title }));

  it('sorts in Hungarian alphabetical order, "cs" after "c" and "ö" after "o"', () => {
    const titles = orderByName(products, null).ids.map((id) => products[id - 1]!.title);
    expect(titles).toEqual([
      'Ágyterítő',
      'Alma tál',
      'Bögre',
      'cukortartó',
      'Csésze',
      'Olló',
      'Ötlet doboz',
      'Szék',
      'Zsámoly',
    ]);
  });

  it('starting from an earlier order, gives what a full sort gives after renames, additions and removals', () => {
    const previous = orderByName(products, null);
    const changed = [
      ...products
        .filter((product) => product.id !== 3)
        .map((product) =>
          product.id === 5
            ? { ...product, title: 'Abrosz' }
            : product.id === 9
              ? { ...product, title: 'Tál' }
              : product,
        ),
      { id: 20, title: 'Csomagoló papír' },
      { id: 21, title: 'Zöld váza' },
      { id: 22, title: 'Alma tál' },
    ];
    expect(orderByName(changed, previous).ids).toEqual(fullSort(changed));
    expect(orderByName(products, orderByName(changed, previous)).ids).toEqual(fullSort(products));
  });

  it('gives the same order from another catalogue that reuses the same ids for other titles', () => {
    const other = products.map((product) => ({
      id: product.id,
      title: `${product.title.split('').reverse().join('')}`,
    }));
    expect(orderByName(other, orderByName(products, null)).ids).toEqual(fullSort(other));
  });
});
