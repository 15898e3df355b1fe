import { Box, Dialog, Flex, IconButton, Portal, Text } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { type KeyboardEvent, type PointerEvent, type RefObject, useRef, useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuX, LuZoomIn, LuZoomOut } from 'react-icons/lu';

const ZOOM = 2.5;
/** A pointer that moved less than this between down and up tapped or clicked; more, it dragged. */
const TAP_SLOP_PX = 8;
const SWIPE_MIN_PX = 50;
const DOUBLE_TAP_MS = 300;

type Offset = { x: number; y: number };
type Press = { pointerId: number; x: number; y: number; start: Offset; type: string };

/** Keeps a zoomed image covering the stage: it may not be panned past its own edge. */
function clamp(offset: Offset, stage: HTMLElement | null): Offset {
  if (!stage) return offset;
  const maxX = ((ZOOM - 1) * stage.clientWidth) / 2;
  const maxY = ((ZOOM - 1) * stage.clientHeight) / 2;
  return {
    x: Math.max(-maxX, Math.min(maxX, offset.x)),
    y: Math.max(-maxY, Math.min(maxY, offset.y)),
  };
}

/**
 * The product's images over the whole screen. Arrows (keys or buttons) and a swipe move between them;
 * a click, a double tap or the zoom button magnifies the image where it was pointed at, and a drag then
 * pans it. Escape or the close button closes it, and focus goes back to the image that opened it.
 */
export default function ProductLightbox({
  product,
  startAt,
  onClose,
  returnFocusTo,
}: {
  product: TProduct;
  startAt: number;
  onClose: (index: number) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const images = product.images;
  const [index, setIndex] = useState(Math.min(startAt, images.length - 1));
  const [zoomed, setZoomed] = useState(false);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const lastTap = useRef(0);
  const image = images[index];
  const several = images.length > 1;

  const show = (next: number) => {
    setIndex((next + images.length) % images.length);
    setZoomed(false);
    setOffset({ x: 0, y: 0 });
  };

  /** Zooms in keeping the point under the pointer (relative to the stage's centre) where it is. */
  const zoomAt = (point: Offset | null) => {
    if (zoomed) {
      setZoomed(false);
      setOffset({ x: 0, y: 0 });
      return;
    }
    setZoomed(true);
    setOffset(
      point ? clamp({ x: point.x * (1 - ZOOM), y: point.y * (1 - ZOOM) }, stage.current) : { x: 0, y: 0 },
    );
  };

  const fromCentre = (event: PointerEvent): Offset => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      start: offset,
      type: event.pointerType,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId || !zoomed) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!dragging && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
    setDragging(true);
    setOffset(clamp({ x: current.start.x + dx, y: current.start.y + dy }, stage.current));
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    press.current = null;
    setDragging(false);
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    const tapped = Math.hypot(dx, dy) < TAP_SLOP_PX;
    if (!tapped) {
      if (!zoomed && several && Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) {
        show(dx < 0 ? index + 1 : index - 1);
      }
      return;
    }
    if (current.type === 'mouse') {
      zoomAt(fromCentre(event));
      return;
    }
    // A finger zooms with a double tap, so a single tap on a phone never jumps into the image.
    const now = event.timeStamp;
    if (now - lastTap.current < DOUBLE_TAP_MS) {
      lastTap.current = 0;
      zoomAt(fromCentre(event));
    } else {
      lastTap.current = now;
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(index - 1);
    }
  };

  if (!image) return null;
  const navButton = {
    variant: 'subtle',
    colorPalette: 'gray',
    size: { base: 'md', md: 'lg' },
    rounded: 'full',
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    zIndex: 1,
  } as const;

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose(index);
      }}
      size="full"
      motionPreset="none"
      finalFocusEl={() => returnFocusTo.current}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.900" />
        <Dialog.Positioner>
          <Dialog.Content
            bg="gray.950"
            color="white"
            h="100dvh"
            onKeyDown={onKeyDown}
            aria-roledescription="képnézegető"
          >
            <Flex align="center" gap="3" px={{ base: '3', md: '5' }} py="2" minH="14">
              <Dialog.Title fontSize={{ base: 'sm', md: 'md' }} fontWeight="medium" flex="1" lineClamp={1}>
                {product.title}
              </Dialog.Title>
              <Text fontSize="sm" color="gray.300" aria-live="polite" aria-atomic="true" flexShrink={0}>
                {several ? `${index + 1}. kép / ${images.length}` : '1 kép'}
              </Text>
              <IconButton
                aria-label={zoomed ? 'Kicsinyítés' : 'Nagyítás'}
                aria-pressed={zoomed}
                variant="ghost"
                colorPalette="gray"
                color="white"
                _hover={{ bg: 'whiteAlpha.200' }}
                onClick={() => zoomAt(null)}
              >
                {zoomed ? <LuZoomOut /> : <LuZoomIn />}
              </IconButton>
              <Dialog.CloseTrigger asChild position="static">
                <IconButton
                  aria-label="Bezárás"
                  variant="ghost"
                  colorPalette="gray"
                  color="white"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <LuX />
                </IconButton>
              </Dialog.CloseTrigger>
            </Flex>
            <Box position="relative" flex="1" minH="0">
              {several && (
                <IconButton
                  aria-label="Előző kép"
                  left={{ base: '2', md: '5' }}
                  onClick={() => show(index - 1)}
                  {...navButton}
                >
                  <LuChevronLeft />
                </IconButton>
              )}
              <Box
                ref={stage}
                position="absolute"
                inset="0"
                overflow="hidden"
                touchAction="none"
                userSelect="none"
                cursor={zoomed ? (dragging ? 'grabbing' : 'grab') : 'zoom-in'}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={() => {
                  press.current = null;
                  setDragging(false);
                }}
              >
                <img
                  key={image.id}
                  src={image.full}
                  alt={image.alt ?? `${product.title} – ${index + 1}. kép`}
                  draggable={false}
                  style={{
                    width: '100%',
                    height: '100%',
                    objectFit: 'contain',
                    transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoomed ? ZOOM : 1})`,
                    transition: dragging ? 'none' : 'transform 0.2s ease-out',
                  }}
                />
              </Box>
              {several && (
                <IconButton
                  aria-label="Következő kép"
                  right={{ base: '2', md: '5' }}
                  onClick={() => show(index + 1)}
                  {...navButton}
                >
                  <LuChevronRight />
                </IconButton>
              )}
            </Box>
            <Text fontSize="xs" color="gray.400" textAlign="center" py="2" px="4">
              {several ? 'Lapozás: nyilak vagy húzás oldalra. ' : ''}Nagyítás: kattintás, dupla koppintás vagy
              a nagyító gomb.
            </Text>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
