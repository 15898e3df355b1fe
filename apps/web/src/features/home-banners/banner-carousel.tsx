import { Box, Flex, IconButton } from '@chakra-ui/react';
import type { TBanner } from '@shop/api/schemas';
import { CAROUSEL_INTERVAL_MS } from '@shop/ui';
import { type FocusEvent, memo, useCallback, useEffect, useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuPause, LuPlay } from 'react-icons/lu';
import { useBrowserValue } from '../../lib/use-browser-value';
import { BannerSlide } from './banner-slide';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const readReducedMotion = (): boolean => window.matchMedia(REDUCED_MOTION).matches;

/**
 * Whether the visitor asked their system for less motion: then nothing turns by itself. The server
 * cannot know, and draws it as yes; the pause button hides itself by CSS for those who ask.
 */
const usePrefersReducedMotion = (): boolean =>
  useBrowserValue(readReducedMotion, subscribeReducedMotion, true);

/**
 * The home page's slider (WAI-ARIA carousel pattern): turns every CAROUSEL_INTERVAL_MS (the specification's
 * 6000 ms), pauses while the pointer is over it or focus is in it, stops for good with the pause button
 * and never turns by itself for visitors who prefer reduced motion. Previous, next and one button per
 * slide work by keyboard; the slides' live region speaks only while it does not turn by itself.
 */
export function BannerCarousel({ slides }: { slides: TBanner[] }) {
  const count = slides.length;
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rotating = count > 1 && !reducedMotion && !stopped && !hovered && !focused;
  const current = Math.min(index, count - 1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the slide shown, so a slide chosen by hand also gets its full time
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((shown) => (shown + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  const show = useCallback((next: number) => setIndex((next + count) % count), [count]);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label="Ajánlataink"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <Box aria-live={rotating ? 'off' : 'polite'}>
        <Slides slides={slides} current={current} />
      </Box>
      {count > 1 && (
        <Flex justify="center" align="center" gap="1" mt="3" wrap="wrap">
          <IconButton variant="ghost" size="sm" aria-label="Előző dia" onClick={() => show(current - 1)}>
            <LuChevronLeft />
          </IconButton>
          <Dots slides={slides} current={current} show={show} />
          <IconButton variant="ghost" size="sm" aria-label="Következő dia" onClick={() => show(current + 1)}>
            <LuChevronRight />
          </IconButton>
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={stopped ? 'Automatikus váltás indítása' : 'Automatikus váltás megállítása'}
            onClick={() => setStopped((was) => !was)}
            _motionReduce={{ display: 'none' }}
          >
            {stopped ? <LuPlay /> : <LuPause />}
          </IconButton>
        </Flex>
      )}
    </Box>
  );
}

// The slides and their buttons change only with the slide shown. The server renders the carousel as
// for reduced motion (it cannot know); a phone that does not ask for it re-renders the carousel right
// after hydration, and with every slide's picture that took ~170 ms at 4× CPU.

const Slides = memo(function Slides({ slides, current }: { slides: TBanner[]; current: number }) {
  const count = slides.length;
  return slides.map((slide, position) => (
    <Box
      key={slide.id}
      role="group"
      aria-roledescription="dia"
      aria-label={`${position + 1} / ${count}: ${slide.title}`}
      hidden={position !== current}
      _motionSafe={{ animation: 'fade-in 0.5s ease-out' }}
    >
      <BannerSlide slide={slide} size="slide" />
    </Box>
  ));
});

const Dots = memo(function Dots({
  slides,
  current,
  show,
}: {
  slides: TBanner[];
  current: number;
  show: (position: number) => void;
}) {
  return slides.map((slide, position) => (
    <IconButton
      key={slide.id}
      variant="plain"
      size="xs"
      minW="6"
      aria-label={`${position + 1}. dia: ${slide.title}`}
      aria-current={position === current ? 'true' : undefined}
      onClick={() => show(position)}
    >
      <Box
        boxSize="2.5"
        borderRadius="full"
        bg={position === current ? 'brand.solid' : 'gray.300'}
        transition="background 0.2s"
      />
    </IconButton>
  ));
});
