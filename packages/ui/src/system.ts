import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  blockquoteSlotRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  markRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/** The specification's breakpoints; Chakra calls the specification's xxl "2xl". */
export const BREAKPOINTS = {
  sm: '600px',
  md: '960px',
  lg: '1280px',
  xl: '1920px',
  '2xl': '2560px',
} as const;

const palette = (shades: Record<string, string>) =>
  Object.fromEntries(Object.entries(shades).map(([shade, value]) => [shade, { value }]));

/** Maps a palette to the semantic names Chakra recipes read, so `colorPalette="brand"` works. */
const paletteRoles = (name: string) => ({
  solid: { value: `{colors.${name}.600}` },
  contrast: { value: 'white' },
  fg: { value: `{colors.${name}.700}` },
  muted: { value: `{colors.${name}.100}` },
  subtle: { value: `{colors.${name}.50}` },
  emphasized: { value: `{colors.${name}.200}` },
  focusRing: { value: `{colors.${name}.500}` },
});

const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The shop's look on top of Chakra's defaults. */
const shopConfig = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'shop.canvas',
      color: 'fg',
    },
    '::selection': { bg: 'brand.emphasized' },
  },
  theme: {
    breakpoints: BREAKPOINTS,
    tokens: {
      // The device's own interface font (Roboto on Android, San Francisco on Apple, Segoe UI on
      // Windows), which the shop ships no copy of. `system-ui` comes first: the browser looks up every
      // family of the list it cannot find for each weight the page uses, and in Chromium on Linux (the
      // Lighthouse of PageSpeed Insights) each lookup is a round trip to the browser process inside
      // the first frame. A missing 'Inter' and 'Segoe UI' before it took about a third of that
      // frame's time (ARCHITECTURE.md, "Server rendering").
      fonts: {
        heading: { value: SYSTEM_FONTS },
        body: { value: SYSTEM_FONTS },
      },
      colors: {
        /** Cobalt blue, the colour of the shop's namesake mug: primary actions and links. */
        brand: palette({
          50: '#eef4ff',
          100: '#dae6ff',
          200: '#bdd3ff',
          300: '#90b6fd',
          400: '#5c8ff9',
          500: '#376bf3',
          600: '#214ee6',
          700: '#1b3ecf',
          800: '#1c35a5',
          900: '#1d3282',
          950: '#16204e',
        }),
        /** Paprika red: prices, badges, the cart count and the main call to action. */
        accent: palette({
          50: '#fdf1ee',
          100: '#fbdbd3',
          200: '#f6b5a5',
          300: '#ef8c74',
          400: '#e6674c',
          500: '#d9492d',
          600: '#ba3a21',
          700: '#962d1a',
          800: '#772417',
          900: '#601f15',
          950: '#350d08',
        }),
      },
    },
    semanticTokens: {
      colors: {
        brand: paletteRoles('brand'),
        accent: paletteRoles('accent'),
        /**
         * Text colours that reach WCAG 2.1 AA's 4.5:1 on white, the canvas and the pale boxes they sit
         * on. Chakra's own are lighter: a field's error (red.500) is 3.76:1, subtle text (gray.400)
         * 2.56:1, success and warning text (green.600, orange.600) 3.3:1 and 3.6:1. Subtle text is as
         * dark as muted text: a quieter shade would not be readable. e2e/test/a11y checks every screen.
         */
        fg: {
          subtle: { value: '{colors.gray.600}' },
          error: { value: '{colors.red.700}' },
          success: { value: '{colors.green.700}' },
          warning: { value: '{colors.orange.700}' },
        },
        /** White on Chakra's green.600 and orange.600 (a success or warning toast, a solid badge) is 3.3:1 and 3.6:1. */
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        shop: {
          canvas: { value: '#f6f5f2' },
          surface: { value: 'white' },
          topbar: { value: '{colors.brand.900}' },
          topbarFg: { value: '{colors.brand.100}' },
          header: { value: 'white' },
          headerFg: { value: '{colors.gray.900}' },
          menu: { value: '{colors.brand.700}' },
          menuFg: { value: 'white' },
          footer: { value: '#111a3a' },
          footerFg: { value: '#d5dcf0' },
          footerMuted: { value: '#8d9ac0' },
          price: { value: '{colors.accent.600}' },
          admin: { value: '#f3f4f7' },
          sidebar: { value: '#111a3a' },
          sidebarFg: { value: '#c6cee6' },
        },
      },
      radii: {
        l1: { value: '0.25rem' },
        l2: { value: '0.5rem' },
        l3: { value: '0.75rem' },
      },
    },
    slotRecipes: {
      // Chakra fades a toast's description to 80 %: on a solid toast that takes white text below 4.5:1.
      toast: { slots: toastSlotRecipe.slots, base: { description: { opacity: 1 } } },
    },
  },
});

/**
 * The recipes of the components shop screens draw. Chakra's full set adds ~25 kB gzip of styles for
 * date pickers, colour pickers, comboboxes and the like to every shopper's first load; the admin gets
 * the full set from admin-system.ts. ui-recipes.test.ts keeps shop code to these components.
 */
export const SHOP_RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  kbd: kbdRecipe,
  link: linkRecipe,
  mark: markRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
  icon: iconRecipe,
  checkmark: checkmarkRecipe,
  radiomark: radiomarkRecipe,
};

export const SHOP_SLOT_RECIPES = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  blockquote: blockquoteSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  numberInput: numberInputSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  select: selectSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

type Recipes = NonNullable<NonNullable<SystemConfig['theme']>['recipes']>;
type SlotRecipes = NonNullable<NonNullable<SystemConfig['theme']>['slotRecipes']>;

type TokenTree = { [key: string]: unknown };

/**
 * Chakra's semantic tokens with their light values only. The shop has no dark mode, and each `_dark`
 * value costs a CSS variable in every page's styles and work in `createSystem`, which runs while a
 * phone starts the app: about a third of it.
 */
export function lightOnly(tokens: TokenTree): TokenTree {
  return Object.fromEntries(
    Object.entries(tokens).map(([key, node]) => {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return [key, node];
      if (!('value' in node)) return [key, lightOnly(node as TokenTree)];
      const value: unknown = node.value;
      if (value === null || typeof value !== 'object' || !('_dark' in value)) return [key, node];
      const light = '_light' in value ? value._light : 'base' in value ? value.base : undefined;
      return [key, { ...node, value: light }];
    }),
  );
}

/**
 * Chakra's colour palettes no screen of the shop or its admin draws. Each costs eleven shades and
 * seven roles: CSS variables in every server-rendered page's head and tokens `createSystem` builds
 * while a phone starts the app. shop-recipes.test.ts keeps the code from asking for them.
 */
export const UNUSED_PALETTES = ['pink'];

function withoutUnusedPalettes<T extends { colors?: unknown }>(tree: T): T {
  const colors = Object.entries((tree.colors ?? {}) as TokenTree).filter(
    ([name]) => !UNUSED_PALETTES.includes(name),
  );
  return { ...tree, colors: Object.fromEntries(colors) };
}

/** What `createSystem` builds. */
type ShopSystem = ReturnType<typeof createSystem>;

/**
 * The web app's build makes `createSystem` out of steps it can stop between (apps/web vite-chakra.ts);
 * elsewhere (the server's render, tests) it has none and builds the system at once.
 */
type SteppedCreateSystem = typeof createSystem & {
  steps?: (...configs: SystemConfig[]) => Generator<void, ShopSystem, void>;
};

/**
 * Chakra's default theme (tokens, text styles, global CSS) with the given recipes and the shop's look.
 * Not Chakra's `defaultConfig`: that one object holds every recipe, and would keep them all in the
 * shop's first chunk even when only the admin asks for it.
 */
function shopSystemConfigs(recipes: Recipes, slotRecipes: SlotRecipes): SystemConfig[] {
  const theme = defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      keyframes,
      tokens: withoutUnusedPalettes(tokens),
      semanticTokens: withoutUnusedPalettes(lightOnly(semanticTokens)),
      recipes,
      slotRecipes,
      textStyles,
      layerStyles,
      animationStyles,
    },
  });
  // One merge: createSystem merges its configs itself, and merging them beforehand too cost a fifth
  // of its time, which a phone spends before the shop answers.
  return [defaultBaseConfig, theme, shopConfig];
}

/** The shop's style system with the given recipes, built at once. */
export function createShopSystem(recipes: Recipes, slotRecipes: SlotRecipes): ShopSystem {
  return createSystem(...shopSystemConfigs(recipes, slotRecipes));
}

let shopSystem: ShopSystem | undefined;

/** The shop's system, built at once on first use unless `prepareShopSystem` built it before. */
export function getShopSystem(): ShopSystem {
  shopSystem ??= createShopSystem(SHOP_RECIPES, SHOP_SLOT_RECIPES);
  return shopSystem;
}

/**
 * Builds the shop's system ahead of its first use, awaiting `pause` between the steps. In one piece
 * it holds a phone's main thread for 100 ms or more while the shop starts; the app pauses by ending
 * the task, so each step is a short task of its own and a tap in between is answered.
 */
export async function prepareShopSystem(pause: () => Promise<void>): Promise<void> {
  const configs = shopSystemConfigs(SHOP_RECIPES, SHOP_SLOT_RECIPES);
  const steps = (createSystem as SteppedCreateSystem).steps?.(...configs);
  let step = steps?.next();
  while (step && !step.done) {
    await pause();
    if (shopSystem) return;
    step = steps?.next();
  }
  await pause();
  shopSystem ??= step?.value ?? createSystem(...configs);
}
