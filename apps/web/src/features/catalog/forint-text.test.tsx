// @vitest-environment happy-dom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { formatPrice } from '@shop/ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ForintText, spokenForints } from './forint-text';

const NBSP = '\u00a0';
const THIN = '\u2009';
const NARROW_NBSP = '\u202f';

describe('spokenForints', () => {
  it('reads an amount the server wrote with no-break spaces as forints, the rest as written', () => {
    // apply-promotions.ts writes its hints with formatForint: "3 010 Ft" with no-break spaces.
    expect(spokenForints(`Még 3${NBSP}010${NBSP}Ft, és 10 % kedvezmény jár`)).toBe(
      'Még 3010 forint, és 10 % kedvezmény jár',
    );
    expect(spokenForints(`A kosár értéke legalább ${formatPrice(10000)} legyen.`)).toBe(
      'A kosár értéke legalább 10000 forint legyen.',
    );
  });

  it('reads the gift hint, whose product name may hold numbers of its own', () => {
    expect(spokenForints(`Még 4${NBSP}510${NBSP}Ft, és ajándék Bögre 300 ml jár`)).toBe(
      'Még 4510 forint, és ajándék Bögre 300 ml jár',
    );
  });

  it('takes plain, thin and narrow spaces, or none, as an admin may type them in a name', () => {
    expect(spokenForints('1 000 Ft kedvezmény')).toBe('1000 forint kedvezmény');
    expect(spokenForints(`1${THIN}000${THIN}Ft kedvezmény`)).toBe('1000 forint kedvezmény');
    expect(spokenForints(`1${NARROW_NBSP}249${NARROW_NBSP}000${NARROW_NBSP}Ft`)).toBe('1249000 forint');
    expect(spokenForints('Ajándék 5000Ft felett')).toBe('Ajándék 5000 forint felett');
    expect(spokenForints('0 Ft')).toBe('0 forint');
  });

  it('reads every amount of a text', () => {
    expect(
      spokenForints(
        `Legfeljebb 5${NBSP}000${NBSP}Ft (végösszeg 12${NBSP}990${NBSP}Ft, eddig 7${NBSP}990${NBSP}Ft).`,
      ),
    ).toBe('Legfeljebb 5000 forint (végösszeg 12990 forint, eddig 7990 forint).');
    expect(spokenForints(`2${NBSP}000–5${NBSP}000${NBSP}Ft között, 990 Ft-tól`)).toBe(
      '2000–5000 forint között, 990 forint-tól',
    );
  });

  it('leaves a number that is not an amount, and a text without amounts, as it is', () => {
    // The year is a number of its own: the amount starts after it, not inside it.
    expect(spokenForints('Karácsony 2026 1 000 Ft')).toBe('Karácsony 2026 1000 forint');
    expect(spokenForints('Nincs ilyen kuponkód.')).toBe('Nincs ilyen kuponkód.');
    expect(spokenForints('Tíz százalék mindenre')).toBe('Tíz százalék mindenre');
    // "Ft" only as a word: not the start of a longer one, nor without digits before it.
    expect(spokenForints('3 Ftx kupon')).toBe('3 Ftx kupon');
    expect(spokenForints('Ft-os kedvezmény')).toBe('Ft-os kedvezmény');
  });
});

describe('ForintText', () => {
  const render = (text: string) => {
    const host = document.createElement('div');
    host.innerHTML = renderToStaticMarkup(
      <ChakraProvider value={defaultSystem}>
        <ForintText>{text}</ForintText>
      </ChakraProvider>,
    );
    return host;
  };

  it('shows the text exactly as the server wrote it, hidden from a screen reader, which hears forints', () => {
    const hint = `Még 3${NBSP}010${NBSP}Ft, és 10 % kedvezmény jár`;
    const host = render(hint);
    const seen = host.querySelectorAll('[aria-hidden="true"]');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.textContent).toBe(hint);
    // What remains for assistive technology once the seen copy is left out.
    seen[0]?.remove();
    expect(host.textContent).toBe('Még 3010 forint, és 10 % kedvezmény jár');
  });

  it('writes a text without amounts once, for everyone', () => {
    const host = render('NINCSILYEN: Nincs ilyen kuponkód.');
    expect(host.innerHTML).toBe('NINCSILYEN: Nincs ilyen kuponkód.');
  });
});
