import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { TBanner } from '@shop/api/schemas';
import type { ReactNode } from 'react';
import { LuArrowRight } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { BannerPicture } from './banner-picture';

export type BannerContent = Pick<
  TBanner,
  'title' | 'text' | 'link' | 'buttonLabel' | 'image' | 'mobileImage'
>;

/**
 * hero: the full-width band at the top of the home page; slide: a carousel slide; card: a smaller
 * hero beside another; compact: the admin's preview (always the wide layout, small).
 */
export type BannerSize = 'hero' | 'slide' | 'card' | 'compact';

const MIN_HEIGHT: Record<BannerSize, Record<string, string>> = {
  hero: { md: '22rem', lg: '27rem' },
  slide: { md: '18rem', lg: '22rem' },
  card: { md: '14rem' },
  compact: { base: '12rem' },
};

function BannerButton({ link, label, size }: { link: string; label: string; size: BannerSize }) {
  const external = /^https?:/i.test(link);
  const content = (
    <>
      {label} <LuArrowRight aria-hidden="true" />
    </>
  );
  return (
    <Button asChild size={size === 'hero' ? 'lg' : 'md'} colorPalette="accent" alignSelf="flex-start">
      {external ? (
        <a href={link} rel="noopener">
          {content}
        </a>
      ) : (
        <AppLink href={link}>{content}</AppLink>
      )}
    </Button>
  );
}

/**
 * One banner: its picture, and over it on wide screens (under it on phones) the title, the text and
 * the button. A scrim darkens the picture's text side so white text stays readable on any photo.
 */
export function BannerSlide({
  slide,
  size,
  headingLevel = 'h2',
  eager = false,
}: {
  slide: BannerContent;
  size: BannerSize;
  headingLevel?: 'h1' | 'h2' | 'h3';
  eager?: boolean;
}) {
  // On a phone the text stands under the picture; the admin's narrow preview keeps the wide layout.
  const wide = (value: string, phone: string) => (size === 'compact' ? value : { base: phone, md: value });
  const hasPicture = Boolean(slide.image ?? slide.mobileImage);
  const text: ReactNode = (
    <Stack
      gap={size === 'hero' ? { base: '3', md: '4' } : '3'}
      maxW={size === 'hero' ? 'xl' : size === 'card' ? { base: 'lg', md: '60%' } : 'lg'}
      py={size === 'compact' ? '5' : { base: '5', md: '10' }}
      px={size === 'hero' ? undefined : size === 'compact' ? '5' : { base: '5', md: '10' }}
    >
      <Heading
        as={headingLevel}
        size={
          size === 'hero' ? { base: '2xl', md: '4xl' } : size === 'compact' ? 'xl' : { base: 'xl', md: '3xl' }
        }
        lineHeight="1.15"
        letterSpacing="-0.01em"
      >
        {slide.title}
      </Heading>
      {slide.text && (
        <Text fontSize={size === 'hero' ? { base: 'md', md: 'lg' } : 'md'} color="whiteAlpha.900">
          {slide.text}
        </Text>
      )}
      {slide.link && <BannerButton link={slide.link} label={slide.buttonLabel || 'Részletek'} size={size} />}
    </Stack>
  );

  return (
    <Box
      position="relative"
      overflow="hidden"
      bg="brand.800"
      color="white"
      borderRadius={size === 'hero' ? undefined : 'l3'}
      minH={MIN_HEIGHT[size]}
      display="flex"
      flexDirection={wide('row', 'column')}
      alignItems={wide('center', 'stretch')}
    >
      {hasPicture && (
        <Box
          position={wide('absolute', 'relative')}
          inset={wide('0', 'auto')}
          aspectRatio={wide('auto', '4 / 3')}
          css={{ '& img': { width: '100%', height: '100%' } }}
        >
          <BannerPicture image={slide.image} mobileImage={slide.mobileImage} eager={eager} />
        </Box>
      )}
      {hasPicture && (
        <Box
          aria-hidden="true"
          position="absolute"
          inset="0"
          display={wide('block', 'none')}
          // Dark behind the text, clear over the picture's other side.
          bgImage="linear-gradient(to right, rgba(18, 28, 68, 0.9) 0%, rgba(18, 28, 68, 0.62) 42%, rgba(18, 28, 68, 0) 78%)"
        />
      )}
      <Box position="relative" w="full">
        {size === 'hero' ? <Container maxW="7xl">{text}</Container> : text}
      </Box>
    </Box>
  );
}
