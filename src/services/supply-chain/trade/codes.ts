/** Labels of the HS chapters and headings the trade-exposure operations name (Comtrade gives codes). */
export const HS2_LABELS: Record<string, string> = {
  '10': 'Cereals', '12': 'Oil seeds', '15': 'Animal and vegetable fats', '26': 'Ores, slag and ash', '27': 'Energy', '28': 'Inorganic chemicals',
  '29': 'Organic chemicals', '30': 'Pharmaceuticals', '31': 'Fertilisers', '38': 'Chemical products', '39': 'Plastics', '40': 'Rubber',
  '44': 'Wood', '47': 'Pulp', '52': 'Cotton', '61': 'Knitted apparel', '62': 'Apparel', '71': 'Precious metals and stones', '72': 'Iron and steel',
  '73': 'Articles of iron or steel', '74': 'Copper', '76': 'Aluminium', '81': 'Other base metals', '84': 'Machinery', '85': 'Electronics',
  '86': 'Railway equipment', '87': 'Vehicles', '88': 'Aircraft', '89': 'Ships', '90': 'Instruments', '93': 'Arms and ammunition',
};

export const hs2Label = (hs2: string) => HS2_LABELS[hs2] ?? `HS ${hs2}`;

export const HS4_LABELS: Record<string, string> = {
  '1001': 'Wheat and meslin', '2601': 'Iron ores and concentrates', '2603': 'Copper ores and concentrates', '2701': 'Coal',
  '2709': 'Crude petroleum', '2710': 'Refined petroleum products', '2711': 'Petroleum gases (LNG, LPG)', '2805': 'Alkali and rare-earth metals',
  '2902': 'Cyclic hydrocarbons', '3004': 'Packaged medicaments', '3901': 'Polyethylene and other ethylene polymers',
  '6203': "Men's suits, trousers and shorts", '7108': 'Gold', '7208': 'Hot-rolled flat steel', '8408': 'Diesel engines', '8471': 'Computers',
  '8507': 'Electric accumulators (batteries)', '8517': 'Telephones and network equipment', '8541': 'Semiconductor devices and solar cells',
  '8542': 'Integrated circuits', '8703': 'Passenger cars', '9301': 'Military weapons',
};

export const hs4Label = (hs4: string, fallback = '') => HS4_LABELS[hs4] ?? (fallback || `HS ${hs4}`);
