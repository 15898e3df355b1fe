import { BOOKMARK_SIGN_IN_REQUIRED as FROM_API } from '@shop/api/schemas';
import { expect, it } from 'vitest';
import { BOOKMARK_SIGN_IN_REQUIRED } from './sign-in-required';

it('shows the API’s sign-in message word for word', () => {
  expect(BOOKMARK_SIGN_IN_REQUIRED).toBe(FROM_API);
});
