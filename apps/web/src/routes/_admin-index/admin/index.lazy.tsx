import { createLazyFileRoute } from '@tanstack/react-router';
import { SignInForm } from '../../../features/admin/sign-in-form';

export const Route = createLazyFileRoute('/_admin-index/admin/')({
  component: SignInForm,
});
