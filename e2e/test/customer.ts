import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

export type TestCustomer = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
};

/** A fresh customer registered over REST, as a fixture seeds its own data. */
export async function registerCustomer(
  request: APIRequestContext,
  { firstName = 'Teszt', lastName = 'Vásárló' }: { firstName?: string; lastName?: string } = {},
): Promise<TestCustomer> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const customer = {
    email: `vasarlo.${unique}@example.hu`,
    password: `Jelszo-${unique}-1`,
    firstName,
    lastName: `${lastName} ${unique}`,
  };
  const response = await request.post('/api/user/signup', { data: { ...customer, acceptTerms: true } });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { ...customer, token };
}
