import "leaflet/dist/leaflet.css";
import L from "leaflet";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";

export const WAREHOUSE_POSITION: [number, number] = [23.7937, 90.4066];
const ZOOM = 13;

// Leaflet looks for its marker images beside its CSS; bundled, they live where Vite put them.
const markerIconOptions = new L.Icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** Loaded on its own (see map-section.tsx) so Leaflet never delays the first paint. */
export default function WarehouseMap() {
  return (
    <MapContainer
      center={WAREHOUSE_POSITION}
      zoom={ZOOM}
      scrollWheelZoom={false}
      className="warehouse-map"
      aria-label="Map of the Ultimate Bikes warehouse"
    >
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <Marker position={WAREHOUSE_POSITION} icon={markerIconOptions} alt="Ultimate Bikes warehouse">
        <Popup>Ultimate Bikes warehouse, Dhaka</Popup>
      </Marker>
    </MapContainer>
  );
}
