import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 levels A and AA, which EN 301 549 and so the European Accessibility Act ask for. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The two widths every screen is checked at: a common phone and a common laptop. */
export const WIDTHS = [
  { name: 'telefon', width: 390, height: 844 },
  { name: 'asztali', width: 1440, height: 900 },
] as const;

export type Width = (typeof WIDTHS)[number];

/** One rule broken on one screen, with what a developer needs to find and fix it. */
export type Finding = {
  /** Where it was found: the screen, its state and the width, e.g. "kosár, tele @ 390 px". */
  where: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** axe's CSS selectors of the offending elements (first few), and why the first one fails. */
  targets: string[];
  summary: string;
};

/** The impacts a shopper cannot get past: the suite allows none of them. */
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe's WCAG 2.1 A and AA rules on the page as it is now and answers its serious and critical findings. */
async function blockingFindings(page: Page, where: string): Promise<Finding[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${node.target.map(String).join(' >> ')}  ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`,
        ),
      summary: (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    }));
}

/**
 * The page's findings once it has settled: a finding of a rule not in `allowed` is looked at again a
 * few times before it counts, because a screen may still be refreshing its data (an admin list dims
 * itself while it fetches) or fading something in when it is first checked. A finding that stays is
 * answered, and the caller's assertion names it.
 */
export async function settledFindings(page: Page, where: string, allowed: readonly string[] = []) {
  let findings: Finding[] = [];
  try {
    await expect(async () => {
      findings = await blockingFindings(page, where);
      expect(findings.filter((finding) => !allowed.includes(finding.rule))).toEqual([]);
    }).toPass({ intervals: [250, 500, 1000], timeout: 5_000 });
  } catch {
    // Still there after the retries: `findings` holds the last look, which the caller reports.
  }
  return findings;
}

/** The findings as a reviewer reads them in a failed run: one paragraph each. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((finding) =>
      [
        `${finding.where}: ${finding.rule} (${finding.impact}) — ${finding.help}`,
        ...finding.targets.map((target) => `    ${target}`),
        `    ${finding.summary}`,
        `    ${finding.helpUrl}`,
      ].join('\n'),
    )
    .join('\n');
}

/** Sets the width and lets the page lay itself out again before axe measures colours and sizes. */
export async function useWidth(page: Page, width: Width): Promise<void> {
  await page.setViewportSize({ width: width.width, height: width.height });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Waits until nothing on the page is moving: a drawer sliding in or a toast fading in has colours
 * between its start and its end, and axe would measure those. Endless animations (a spinner, a
 * skeleton's pulse) never end and are left out.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}
