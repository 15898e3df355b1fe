import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { createShopSystem } from './system';

/** Every Chakra recipe: the admin (a separate chunk) uses date, colour and tag inputs the shop never draws. */
export const adminSystem = createShopSystem(recipes, slotRecipes);
