/**
 * Airports whose delay status list-airport-delays always reports. US airports are covered by the
 * FAA's NAS status feed; the rest by the international flights feed when it carries enough of
 * their departures.
 */

export type AirportRegion =
  | 'AIRPORT_REGION_AMERICAS'
  | 'AIRPORT_REGION_EUROPE'
  | 'AIRPORT_REGION_APAC'
  | 'AIRPORT_REGION_MENA'
  | 'AIRPORT_REGION_AFRICA';

export interface MonitoredAirport {
  iata: string;
  icao: string;
  name: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
  region: AirportRegion;
  /** Reported by the FAA NAS status feed (US airports). */
  faa: boolean;
}

type Row = readonly [iata: string, icao: string, name: string, city: string, country: string, lat: number, lon: number];

const AM = 'AIRPORT_REGION_AMERICAS';
const EU = 'AIRPORT_REGION_EUROPE';
const AP = 'AIRPORT_REGION_APAC';
const ME = 'AIRPORT_REGION_MENA';
const AF = 'AIRPORT_REGION_AFRICA';

// prettier-ignore
const US: readonly Row[] = [
  ['ATL', 'KATL', 'Hartsfield-Jackson Atlanta International', 'Atlanta', 'United States', 33.6407, -84.4277],
  ['LAX', 'KLAX', 'Los Angeles International', 'Los Angeles', 'United States', 33.9416, -118.4085],
  ['ORD', 'KORD', "O'Hare International", 'Chicago', 'United States', 41.9742, -87.9073],
  ['DFW', 'KDFW', 'Dallas/Fort Worth International', 'Dallas', 'United States', 32.8998, -97.0403],
  ['DEN', 'KDEN', 'Denver International', 'Denver', 'United States', 39.8561, -104.6737],
  ['JFK', 'KJFK', 'John F. Kennedy International', 'New York', 'United States', 40.6413, -73.7781],
  ['SFO', 'KSFO', 'San Francisco International', 'San Francisco', 'United States', 37.6213, -122.379],
  ['SEA', 'KSEA', 'Seattle-Tacoma International', 'Seattle', 'United States', 47.4502, -122.3088],
  ['LAS', 'KLAS', 'Harry Reid International', 'Las Vegas', 'United States', 36.084, -115.1537],
  ['MCO', 'KMCO', 'Orlando International', 'Orlando', 'United States', 28.4312, -81.3081],
  ['EWR', 'KEWR', 'Newark Liberty International', 'Newark', 'United States', 40.6895, -74.1745],
  ['CLT', 'KCLT', 'Charlotte Douglas International', 'Charlotte', 'United States', 35.2144, -80.9473],
  ['PHX', 'KPHX', 'Phoenix Sky Harbor International', 'Phoenix', 'United States', 33.4352, -112.0101],
  ['IAH', 'KIAH', 'George Bush Intercontinental', 'Houston', 'United States', 29.9902, -95.3368],
  ['MIA', 'KMIA', 'Miami International', 'Miami', 'United States', 25.7959, -80.287],
  ['BOS', 'KBOS', 'Boston Logan International', 'Boston', 'United States', 42.3656, -71.0096],
  ['MSP', 'KMSP', 'Minneapolis-Saint Paul International', 'Minneapolis', 'United States', 44.8848, -93.2223],
  ['DTW', 'KDTW', 'Detroit Metropolitan Wayne County', 'Detroit', 'United States', 42.2162, -83.3554],
  ['PHL', 'KPHL', 'Philadelphia International', 'Philadelphia', 'United States', 39.8744, -75.2424],
  ['LGA', 'KLGA', 'LaGuardia', 'New York', 'United States', 40.7769, -73.874],
  ['FLL', 'KFLL', 'Fort Lauderdale-Hollywood International', 'Fort Lauderdale', 'United States', 26.0742, -80.1506],
  ['BWI', 'KBWI', 'Baltimore/Washington International', 'Baltimore', 'United States', 39.1774, -76.6684],
  ['DCA', 'KDCA', 'Ronald Reagan Washington National', 'Washington', 'United States', 38.8512, -77.0402],
  ['IAD', 'KIAD', 'Washington Dulles International', 'Washington', 'United States', 38.9531, -77.4565],
  ['SLC', 'KSLC', 'Salt Lake City International', 'Salt Lake City', 'United States', 40.7899, -111.9791],
  ['SAN', 'KSAN', 'San Diego International', 'San Diego', 'United States', 32.7338, -117.1933],
  ['HNL', 'PHNL', 'Daniel K. Inouye International', 'Honolulu', 'United States', 21.3245, -157.9251],
];

// prettier-ignore
const INTERNATIONAL: readonly (readonly [AirportRegion, ...Row])[] = [
  [AM, 'YYZ', 'CYYZ', 'Toronto Pearson International', 'Toronto', 'Canada', 43.6777, -79.6248],
  [AM, 'YVR', 'CYVR', 'Vancouver International', 'Vancouver', 'Canada', 49.1967, -123.1815],
  [AM, 'MEX', 'MMMX', 'Mexico City International', 'Mexico City', 'Mexico', 19.4361, -99.0719],
  [AM, 'GRU', 'SBGR', 'São Paulo/Guarulhos International', 'São Paulo', 'Brazil', -23.4356, -46.4731],
  [AM, 'BOG', 'SKBO', 'El Dorado International', 'Bogotá', 'Colombia', 4.7016, -74.1469],
  [AM, 'SCL', 'SCEL', 'Arturo Merino Benítez International', 'Santiago', 'Chile', -33.393, -70.7858],
  [AM, 'LIM', 'SPJC', 'Jorge Chávez International', 'Lima', 'Peru', -12.0219, -77.1143],
  [AM, 'EZE', 'SAEZ', 'Ministro Pistarini International', 'Buenos Aires', 'Argentina', -34.8222, -58.5358],
  [EU, 'LHR', 'EGLL', 'Heathrow', 'London', 'United Kingdom', 51.47, -0.4543],
  [EU, 'LGW', 'EGKK', 'Gatwick', 'London', 'United Kingdom', 51.1537, -0.1821],
  [EU, 'CDG', 'LFPG', 'Paris Charles de Gaulle', 'Paris', 'France', 49.0097, 2.5479],
  [EU, 'FRA', 'EDDF', 'Frankfurt am Main', 'Frankfurt', 'Germany', 50.0379, 8.5622],
  [EU, 'MUC', 'EDDM', 'Munich', 'Munich', 'Germany', 48.3537, 11.775],
  [EU, 'AMS', 'EHAM', 'Amsterdam Schiphol', 'Amsterdam', 'Netherlands', 52.3105, 4.7683],
  [EU, 'MAD', 'LEMD', 'Adolfo Suárez Madrid-Barajas', 'Madrid', 'Spain', 40.4983, -3.5676],
  [EU, 'BCN', 'LEBL', 'Josep Tarradellas Barcelona-El Prat', 'Barcelona', 'Spain', 41.2974, 2.0833],
  [EU, 'FCO', 'LIRF', 'Leonardo da Vinci-Fiumicino', 'Rome', 'Italy', 41.8003, 12.2389],
  [EU, 'ZRH', 'LSZH', 'Zurich', 'Zurich', 'Switzerland', 47.4582, 8.5555],
  [EU, 'CPH', 'EKCH', 'Copenhagen Kastrup', 'Copenhagen', 'Denmark', 55.618, 12.656],
  [EU, 'DUB', 'EIDW', 'Dublin', 'Dublin', 'Ireland', 53.4264, -6.2499],
  [EU, 'IST', 'LTFM', 'Istanbul', 'Istanbul', 'Türkiye', 41.2753, 28.7519],
  [EU, 'WAW', 'EPWA', 'Warsaw Chopin', 'Warsaw', 'Poland', 52.1657, 20.9671],
  [ME, 'DXB', 'OMDB', 'Dubai International', 'Dubai', 'United Arab Emirates', 25.2532, 55.3657],
  [ME, 'AUH', 'OMAA', 'Zayed International', 'Abu Dhabi', 'United Arab Emirates', 24.433, 54.6511],
  [ME, 'DOH', 'OTHH', 'Hamad International', 'Doha', 'Qatar', 25.2731, 51.6081],
  [ME, 'RUH', 'OERK', 'King Khalid International', 'Riyadh', 'Saudi Arabia', 24.9576, 46.6988],
  [ME, 'JED', 'OEJN', 'King Abdulaziz International', 'Jeddah', 'Saudi Arabia', 21.6796, 39.1565],
  [ME, 'TLV', 'LLBG', 'Ben Gurion', 'Tel Aviv', 'Israel', 32.0055, 34.8854],
  [ME, 'CAI', 'HECA', 'Cairo International', 'Cairo', 'Egypt', 30.1219, 31.4056],
  [ME, 'AMM', 'OJAI', 'Queen Alia International', 'Amman', 'Jordan', 31.7226, 35.9932],
  [AP, 'HND', 'RJTT', 'Tokyo Haneda', 'Tokyo', 'Japan', 35.5494, 139.7798],
  [AP, 'NRT', 'RJAA', 'Narita International', 'Tokyo', 'Japan', 35.772, 140.3929],
  [AP, 'ICN', 'RKSI', 'Incheon International', 'Seoul', 'South Korea', 37.4602, 126.4407],
  [AP, 'PEK', 'ZBAA', 'Beijing Capital International', 'Beijing', 'China', 40.0799, 116.6031],
  [AP, 'PVG', 'ZSPD', 'Shanghai Pudong International', 'Shanghai', 'China', 31.1443, 121.8083],
  [AP, 'HKG', 'VHHH', 'Hong Kong International', 'Hong Kong', 'Hong Kong', 22.308, 113.9185],
  [AP, 'TPE', 'RCTP', 'Taoyuan International', 'Taipei', 'Taiwan', 25.0797, 121.2342],
  [AP, 'SIN', 'WSSS', 'Singapore Changi', 'Singapore', 'Singapore', 1.3644, 103.9915],
  [AP, 'BKK', 'VTBS', 'Suvarnabhumi', 'Bangkok', 'Thailand', 13.69, 100.7501],
  [AP, 'KUL', 'WMKK', 'Kuala Lumpur International', 'Kuala Lumpur', 'Malaysia', 2.7456, 101.7099],
  [AP, 'CGK', 'WIII', 'Soekarno-Hatta International', 'Jakarta', 'Indonesia', -6.1256, 106.6559],
  [AP, 'MNL', 'RPLL', 'Ninoy Aquino International', 'Manila', 'Philippines', 14.5086, 121.0194],
  [AP, 'DEL', 'VIDP', 'Indira Gandhi International', 'Delhi', 'India', 28.5562, 77.1],
  [AP, 'BOM', 'VABB', 'Chhatrapati Shivaji Maharaj International', 'Mumbai', 'India', 19.0896, 72.8656],
  [AP, 'SYD', 'YSSY', 'Sydney Kingsford Smith', 'Sydney', 'Australia', -33.9399, 151.1753],
  [AP, 'MEL', 'YMML', 'Melbourne', 'Melbourne', 'Australia', -37.669, 144.841],
  [AP, 'AKL', 'NZAA', 'Auckland', 'Auckland', 'New Zealand', -37.0082, 174.785],
  [AF, 'JNB', 'FAOR', 'O. R. Tambo International', 'Johannesburg', 'South Africa', -26.1367, 28.2411],
  [AF, 'CPT', 'FACT', 'Cape Town International', 'Cape Town', 'South Africa', -33.9715, 18.6021],
  [AF, 'ADD', 'HAAB', 'Addis Ababa Bole International', 'Addis Ababa', 'Ethiopia', 8.9779, 38.7993],
  [AF, 'NBO', 'HKJK', 'Jomo Kenyatta International', 'Nairobi', 'Kenya', -1.3192, 36.9278],
  [AF, 'LOS', 'DNMM', 'Murtala Muhammed International', 'Lagos', 'Nigeria', 6.5774, 3.3212],
  [AF, 'CMN', 'GMMN', 'Mohammed V International', 'Casablanca', 'Morocco', 33.3675, -7.5899],
  [AF, 'ACC', 'DGAA', 'Kotoka International', 'Accra', 'Ghana', 5.6052, -0.1668],
];

export const MONITORED_AIRPORTS: readonly MonitoredAirport[] = [
  ...US.map(
    ([iata, icao, name, city, country, lat, lon]) =>
      ({ iata, icao, name, city, country, lat, lon, region: AM, faa: true }) as const,
  ),
  ...INTERNATIONAL.map(([region, iata, icao, name, city, country, lat, lon]) => ({
    iata,
    icao,
    name,
    city,
    country,
    lat,
    lon,
    region,
    faa: false,
  })),
];
