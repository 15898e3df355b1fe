import { createLazyFileRoute } from '@tanstack/react-router';
import { PromotionsPage } from '../../../features/admin-promotions/promotions-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/promotions')({
  component: PromotionsPage,
});
