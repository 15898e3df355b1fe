/** A whole number from a URL search value (string or number), or undefined when it is not one in 1 … 2³¹−1. */
export const positiveInt = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number < 2 ** 31
    ? number
    : undefined;
};
