import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@chakra-ui/react';
import type { TPickupPoint } from '@shop/api/schemas';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';

/** OpenStreetMap's tile server; the shop's CSP allows images from it (apps/server/src/server.ts). */
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const HUNGARY: L.LatLngExpression = [47.16, 19.5];
const BRAND = '#1d4ed8';

/**
 * The points on an OpenStreetMap map; a click on a point picks it out in the list. Where the tiles cannot
 * be loaded (no connection to OpenStreetMap) the map says so and the points still show on a plain ground:
 * the list works without it.
 */
export default function PickupPointMap({
  points,
  selectedId,
  onSelect,
}: {
  points: readonly TPickupPoint[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!holder.current) return;
    const created = L.map(holder.current, { center: HUNGARY, zoom: 7 });
    let loaded = 0;
    L.tileLayer(OSM_TILES, {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> közreműködők',
    })
      .on('tileload', () => {
        loaded += 1;
        setTilesFailed(false);
      })
      .on('tileerror', () => {
        if (loaded === 0) setTilesFailed(true);
      })
      .addTo(created);
    markers.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, []);

  // The view follows the results, not the selection.
  useEffect(() => {
    const located = points.filter((point) => point.lat !== null && point.lng !== null);
    if (!map.current || located.length === 0) return;
    const bounds = L.latLngBounds(located.map((point) => [point.lat!, point.lng!] as L.LatLngTuple));
    map.current.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 });
  }, [points]);

  useEffect(() => {
    const layer = markers.current;
    if (!layer) return;
    layer.clearLayers();
    for (const point of points) {
      if (point.lat === null || point.lng === null) continue;
      const selected = point.id === selectedId;
      L.circleMarker([point.lat, point.lng], {
        radius: selected ? 11 : 8,
        color: 'white',
        weight: 2,
        fillColor: selected ? '#b45309' : BRAND,
        fillOpacity: 0.95,
      })
        .bindTooltip(point.name)
        .on('click', () => select.current(point.id))
        .addTo(layer);
    }
  }, [points, selectedId]);

  return (
    <Box>
      <Box
        ref={holder}
        h={{ base: '64', md: '80' }}
        borderWidth="1px"
        borderRadius="l2"
        overflow="hidden"
        bg="gray.100"
        role="region"
        aria-label="Térkép a pontokkal"
      />
      {tilesFailed && (
        <Text fontSize="sm" color="fg.muted" mt="1.5" role="status">
          A térkép háttere most nem tölthető be (az OpenStreetMap nem érhető el). A pontok helyét a jelölők
          mutatják, és a lenti listából is választhatsz.
        </Text>
      )}
    </Box>
  );
}
