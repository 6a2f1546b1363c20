/**
 * Country reference table shared by every service that filters or labels by
 * country: ISO 3166-1 alpha-2 / alpha-3 codes, an English short name, common
 * aliases seen in upstream feeds and user input, and an approximate centroid.
 *
 * Lookups go through maps precomputed once at module load over a normalised
 * key (see normaliseCountryKey), so resolution is an exact-key hit, never a
 * substring search: "Niger" can't match "Nigeria", "Guinea" can't match
 * "Equatorial Guinea".
 */

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly alpha2: string;
  /** ISO 3166-1 alpha-3, upper case. */
  readonly alpha3: string;
  /** English short name used for labels. */
  readonly name: string;
  /** Other names that resolve to this country (ISO long forms, former names, feed spellings). */
  readonly aliases: readonly string[];
  /** Approximate geographic centroid, decimal degrees. */
  readonly lat: number;
  readonly lon: number;
  /** True for codes outside the ISO list but in common use (Kosovo, XK). */
  readonly userAssigned?: true;
}

type Row = readonly [alpha2: string, alpha3: string, name: string, lat: number, lon: number, aliases?: string];

// One line per country: alpha-2, alpha-3, short name, centroid lat/lon, aliases separated by '|'.
// prettier-ignore
const ROWS: readonly Row[] = [
  ['AD', 'AND', 'Andorra', 42.55, 1.6, 'Principality of Andorra'],
  ['AE', 'ARE', 'United Arab Emirates', 23.42, 53.85, 'UAE|Emirates'],
  ['AF', 'AFG', 'Afghanistan', 33.94, 67.71, 'Islamic Republic of Afghanistan'],
  ['AG', 'ATG', 'Antigua and Barbuda', 17.06, -61.8],
  ['AI', 'AIA', 'Anguilla', 18.22, -63.07],
  ['AL', 'ALB', 'Albania', 41.15, 20.17, 'Republic of Albania'],
  ['AM', 'ARM', 'Armenia', 40.07, 45.04, 'Republic of Armenia'],
  ['AO', 'AGO', 'Angola', -11.2, 17.87, 'Republic of Angola'],
  ['AQ', 'ATA', 'Antarctica', -75.25, -0.07],
  ['AR', 'ARG', 'Argentina', -38.42, -63.62, 'Argentine Republic'],
  ['AS', 'ASM', 'American Samoa', -14.27, -170.13],
  ['AT', 'AUT', 'Austria', 47.52, 14.55, 'Republic of Austria'],
  ['AU', 'AUS', 'Australia', -25.27, 133.78],
  ['AW', 'ABW', 'Aruba', 12.52, -69.97],
  ['AX', 'ALA', 'Åland Islands', 60.18, 19.92, 'Aland Islands'],
  ['AZ', 'AZE', 'Azerbaijan', 40.14, 47.58, 'Republic of Azerbaijan'],
  ['BA', 'BIH', 'Bosnia and Herzegovina', 43.92, 17.68, 'Republic of Bosnia and Herzegovina|Bosnia|Bosnia-Herzegovina|Bosnia & Herzegovina'],
  ['BB', 'BRB', 'Barbados', 13.19, -59.54],
  ['BD', 'BGD', 'Bangladesh', 23.68, 90.36, 'People\'s Republic of Bangladesh'],
  ['BE', 'BEL', 'Belgium', 50.5, 4.47, 'Kingdom of Belgium'],
  ['BF', 'BFA', 'Burkina Faso', 12.24, -1.56],
  ['BG', 'BGR', 'Bulgaria', 42.73, 25.49, 'Republic of Bulgaria'],
  ['BH', 'BHR', 'Bahrain', 25.93, 50.64, 'Kingdom of Bahrain'],
  ['BI', 'BDI', 'Burundi', -3.37, 29.92, 'Republic of Burundi'],
  ['BJ', 'BEN', 'Benin', 9.31, 2.32, 'Republic of Benin'],
  ['BL', 'BLM', 'Saint Barthélemy', 17.9, -62.83, 'St Barthelemy|St Barts'],
  ['BM', 'BMU', 'Bermuda', 32.32, -64.76],
  ['BN', 'BRN', 'Brunei', 4.54, 114.73, 'Brunei Darussalam'],
  ['BO', 'BOL', 'Bolivia', -16.29, -63.59, 'Bolivia, Plurinational State of|Plurinational State of Bolivia|Bolivia (Plurinational State of)'],
  ['BQ', 'BES', 'Caribbean Netherlands', 12.18, -68.24, 'Bonaire, Sint Eustatius and Saba|Bonaire'],
  ['BR', 'BRA', 'Brazil', -14.24, -51.93, 'Federative Republic of Brazil'],
  ['BS', 'BHS', 'Bahamas', 25.03, -77.4, 'Commonwealth of the Bahamas|The Bahamas'],
  ['BT', 'BTN', 'Bhutan', 27.51, 90.43, 'Kingdom of Bhutan'],
  ['BV', 'BVT', 'Bouvet Island', -54.42, 3.41],
  ['BW', 'BWA', 'Botswana', -22.33, 24.68, 'Republic of Botswana'],
  ['BY', 'BLR', 'Belarus', 53.71, 27.95, 'Republic of Belarus'],
  ['BZ', 'BLZ', 'Belize', 17.19, -88.5],
  ['CA', 'CAN', 'Canada', 56.13, -106.35],
  ['CC', 'CCK', 'Cocos (Keeling) Islands', -12.16, 96.87, 'Cocos Islands|Keeling Islands'],
  ['CD', 'COD', 'Democratic Republic of the Congo', -4.04, 21.76, 'Congo, The Democratic Republic of the|DR Congo|DRC|Democratic Republic of Congo|Congo-Kinshasa|Congo (Kinshasa)|Congo, Democratic Republic of the|Zaire|DR Congo (Zaire)'],
  ['CF', 'CAF', 'Central African Republic', 6.61, 20.94],
  ['CG', 'COG', 'Republic of the Congo', -0.23, 15.83, 'Congo|Republic of Congo|Congo-Brazzaville|Congo (Brazzaville)|Congo, Republic of the'],
  ['CH', 'CHE', 'Switzerland', 46.82, 8.23, 'Swiss Confederation'],
  ['CI', 'CIV', 'Côte d\'Ivoire', 7.54, -5.55, 'Republic of Côte d\'Ivoire|Ivory Coast|Cote d\'Ivoire'],
  ['CK', 'COK', 'Cook Islands', -21.24, -159.78],
  ['CL', 'CHL', 'Chile', -35.68, -71.54, 'Republic of Chile'],
  ['CM', 'CMR', 'Cameroon', 7.37, 12.35, 'Republic of Cameroon'],
  ['CN', 'CHN', 'China', 35.86, 104.2, 'People\'s Republic of China|PRC|Mainland China'],
  ['CO', 'COL', 'Colombia', 4.57, -74.3, 'Republic of Colombia'],
  ['CR', 'CRI', 'Costa Rica', 9.75, -83.75, 'Republic of Costa Rica'],
  ['CU', 'CUB', 'Cuba', 21.52, -77.78, 'Republic of Cuba'],
  ['CV', 'CPV', 'Cabo Verde', 16.0, -24.01, 'Republic of Cabo Verde|Cape Verde'],
  ['CW', 'CUW', 'Curaçao', 12.17, -68.99, 'Curacao'],
  ['CX', 'CXR', 'Christmas Island', -10.45, 105.69],
  ['CY', 'CYP', 'Cyprus', 35.13, 33.43, 'Republic of Cyprus'],
  ['CZ', 'CZE', 'Czechia', 49.82, 15.47, 'Czech Republic'],
  ['DE', 'DEU', 'Germany', 51.17, 10.45, 'Federal Republic of Germany|Deutschland'],
  ['DJ', 'DJI', 'Djibouti', 11.83, 42.59, 'Republic of Djibouti'],
  ['DK', 'DNK', 'Denmark', 56.26, 9.5, 'Kingdom of Denmark'],
  ['DM', 'DMA', 'Dominica', 15.41, -61.37, 'Commonwealth of Dominica'],
  ['DO', 'DOM', 'Dominican Republic', 18.74, -70.16],
  ['DZ', 'DZA', 'Algeria', 28.03, 1.66, 'People\'s Democratic Republic of Algeria'],
  ['EC', 'ECU', 'Ecuador', -1.83, -78.18, 'Republic of Ecuador'],
  ['EE', 'EST', 'Estonia', 58.6, 25.01, 'Republic of Estonia'],
  ['EG', 'EGY', 'Egypt', 26.82, 30.8, 'Arab Republic of Egypt|Egypt, Arab Rep.'],
  ['EH', 'ESH', 'Western Sahara', 24.22, -12.89],
  ['ER', 'ERI', 'Eritrea', 15.18, 39.78, 'the State of Eritrea'],
  ['ES', 'ESP', 'Spain', 40.46, -3.75, 'Kingdom of Spain'],
  ['ET', 'ETH', 'Ethiopia', 9.15, 40.49, 'Federal Democratic Republic of Ethiopia'],
  ['FI', 'FIN', 'Finland', 61.92, 25.75, 'Republic of Finland'],
  ['FJ', 'FJI', 'Fiji', -16.58, 179.41, 'Republic of Fiji'],
  ['FK', 'FLK', 'Falkland Islands', -51.8, -59.52, 'Falkland Islands (Malvinas)|Malvinas'],
  ['FM', 'FSM', 'Micronesia', 7.43, 150.55, 'Micronesia, Federated States of|Federated States of Micronesia'],
  ['FO', 'FRO', 'Faroe Islands', 61.89, -6.91],
  ['FR', 'FRA', 'France', 46.23, 2.21, 'French Republic'],
  ['GA', 'GAB', 'Gabon', -0.8, 11.61, 'Gabonese Republic'],
  ['GB', 'GBR', 'United Kingdom', 55.38, -3.44, 'United Kingdom of Great Britain and Northern Ireland|UK|U.K.|Great Britain|Britain|England|Scotland|Wales|Northern Ireland'],
  ['GD', 'GRD', 'Grenada', 12.26, -61.6],
  ['GE', 'GEO', 'Georgia', 42.32, 43.36],
  ['GF', 'GUF', 'French Guiana', 3.93, -53.13],
  ['GG', 'GGY', 'Guernsey', 49.47, -2.59],
  ['GH', 'GHA', 'Ghana', 7.95, -1.02, 'Republic of Ghana'],
  ['GI', 'GIB', 'Gibraltar', 36.14, -5.35],
  ['GL', 'GRL', 'Greenland', 71.71, -42.6],
  ['GM', 'GMB', 'Gambia', 13.44, -15.31, 'Republic of the Gambia|The Gambia|Gambia, The'],
  ['GN', 'GIN', 'Guinea', 9.95, -9.7, 'Republic of Guinea'],
  ['GP', 'GLP', 'Guadeloupe', 16.27, -61.55],
  ['GQ', 'GNQ', 'Equatorial Guinea', 1.65, 10.27, 'Republic of Equatorial Guinea'],
  ['GR', 'GRC', 'Greece', 39.07, 21.82, 'Hellenic Republic'],
  ['GS', 'SGS', 'South Georgia and the South Sandwich Islands', -54.43, -36.59, 'South Georgia'],
  ['GT', 'GTM', 'Guatemala', 15.78, -90.23, 'Republic of Guatemala'],
  ['GU', 'GUM', 'Guam', 13.44, 144.79],
  ['GW', 'GNB', 'Guinea-Bissau', 11.8, -15.18, 'Republic of Guinea-Bissau'],
  ['GY', 'GUY', 'Guyana', 4.86, -58.93, 'Republic of Guyana'],
  ['HK', 'HKG', 'Hong Kong', 22.4, 114.11, 'Hong Kong Special Administrative Region of China|Hong Kong SAR'],
  ['HM', 'HMD', 'Heard Island and McDonald Islands', -53.08, 73.5, 'Heard and McDonald Islands'],
  ['HN', 'HND', 'Honduras', 15.2, -86.24, 'Republic of Honduras'],
  ['HR', 'HRV', 'Croatia', 45.1, 15.2, 'Republic of Croatia'],
  ['HT', 'HTI', 'Haiti', 18.97, -72.29, 'Republic of Haiti'],
  ['HU', 'HUN', 'Hungary', 47.16, 19.5],
  ['ID', 'IDN', 'Indonesia', -0.79, 113.92, 'Republic of Indonesia'],
  ['IE', 'IRL', 'Ireland', 53.41, -8.24],
  ['IL', 'ISR', 'Israel', 31.05, 34.85, 'State of Israel'],
  ['IM', 'IMN', 'Isle of Man', 54.24, -4.55],
  ['IN', 'IND', 'India', 20.59, 78.96, 'Republic of India'],
  ['IO', 'IOT', 'British Indian Ocean Territory', -6.34, 71.88],
  ['IQ', 'IRQ', 'Iraq', 33.22, 43.68, 'Republic of Iraq'],
  ['IR', 'IRN', 'Iran', 32.43, 53.69, 'Iran, Islamic Republic of|Islamic Republic of Iran|Iran (Islamic Republic of)|Persia'],
  ['IS', 'ISL', 'Iceland', 64.96, -19.02, 'Republic of Iceland'],
  ['IT', 'ITA', 'Italy', 41.87, 12.57, 'Italian Republic'],
  ['JE', 'JEY', 'Jersey', 49.21, -2.13],
  ['JM', 'JAM', 'Jamaica', 18.11, -77.3],
  ['JO', 'JOR', 'Jordan', 30.59, 36.24, 'Hashemite Kingdom of Jordan'],
  ['JP', 'JPN', 'Japan', 36.2, 138.25],
  ['KE', 'KEN', 'Kenya', -0.02, 37.91, 'Republic of Kenya'],
  ['KG', 'KGZ', 'Kyrgyzstan', 41.2, 74.77, 'Kyrgyz Republic'],
  ['KH', 'KHM', 'Cambodia', 12.57, 104.99, 'Kingdom of Cambodia|Kampuchea|Cambodia (Kampuchea)'],
  ['KI', 'KIR', 'Kiribati', -3.37, -168.73, 'Republic of Kiribati'],
  ['KM', 'COM', 'Comoros', -11.88, 43.87, 'Union of the Comoros'],
  ['KN', 'KNA', 'Saint Kitts and Nevis', 17.36, -62.78, 'St Kitts and Nevis|Saint Kitts & Nevis'],
  ['KP', 'PRK', 'North Korea', 40.34, 127.51, 'Korea, Democratic People\'s Republic of|Democratic People\'s Republic of Korea|DPRK|Korea, North|Korea DPR'],
  ['KR', 'KOR', 'South Korea', 35.91, 127.77, 'Korea, Republic of|Republic of Korea|Korea, South|Korea Republic'],
  ['KW', 'KWT', 'Kuwait', 29.31, 47.48, 'State of Kuwait'],
  ['KY', 'CYM', 'Cayman Islands', 19.51, -80.57],
  ['KZ', 'KAZ', 'Kazakhstan', 48.02, 66.92, 'Republic of Kazakhstan'],
  ['LA', 'LAO', 'Laos', 19.86, 102.5, 'Lao People\'s Democratic Republic|Lao PDR|Lao'],
  ['LB', 'LBN', 'Lebanon', 33.85, 35.86, 'Lebanese Republic'],
  ['LC', 'LCA', 'Saint Lucia', 13.91, -60.98, 'St Lucia'],
  ['LI', 'LIE', 'Liechtenstein', 47.17, 9.56, 'Principality of Liechtenstein'],
  ['LK', 'LKA', 'Sri Lanka', 7.87, 80.77, 'Democratic Socialist Republic of Sri Lanka'],
  ['LR', 'LBR', 'Liberia', 6.43, -9.43, 'Republic of Liberia'],
  ['LS', 'LSO', 'Lesotho', -29.61, 28.23, 'Kingdom of Lesotho'],
  ['LT', 'LTU', 'Lithuania', 55.17, 23.88, 'Republic of Lithuania'],
  ['LU', 'LUX', 'Luxembourg', 49.82, 6.13, 'Grand Duchy of Luxembourg'],
  ['LV', 'LVA', 'Latvia', 56.88, 24.6, 'Republic of Latvia'],
  ['LY', 'LBY', 'Libya', 26.34, 17.23, 'Libyan Arab Jamahiriya'],
  ['MA', 'MAR', 'Morocco', 31.79, -7.09, 'Kingdom of Morocco'],
  ['MC', 'MCO', 'Monaco', 43.75, 7.41, 'Principality of Monaco'],
  ['MD', 'MDA', 'Moldova', 47.41, 28.37, 'Moldova, Republic of|Republic of Moldova'],
  ['ME', 'MNE', 'Montenegro', 42.71, 19.37],
  ['MF', 'MAF', 'Saint Martin', 18.08, -63.05, 'Saint Martin (French part)'],
  ['MG', 'MDG', 'Madagascar', -18.77, 46.87, 'Republic of Madagascar|Madagascar (Malagasy)'],
  ['MH', 'MHL', 'Marshall Islands', 7.13, 171.18, 'Republic of the Marshall Islands'],
  ['MK', 'MKD', 'North Macedonia', 41.61, 21.75, 'Republic of North Macedonia|Macedonia|Macedonia, FYR|Former Yugoslav Republic of Macedonia|FYROM'],
  ['ML', 'MLI', 'Mali', 17.57, -4.0, 'Republic of Mali'],
  ['MM', 'MMR', 'Myanmar', 21.91, 95.96, 'Republic of Myanmar|Burma|Myanmar (Burma)'],
  ['MN', 'MNG', 'Mongolia', 46.86, 103.85],
  ['MO', 'MAC', 'Macao', 22.2, 113.54, 'Macao Special Administrative Region of China|Macau|Macao SAR'],
  ['MP', 'MNP', 'Northern Mariana Islands', 17.33, 145.38, 'Commonwealth of the Northern Mariana Islands'],
  ['MQ', 'MTQ', 'Martinique', 14.64, -61.02],
  ['MR', 'MRT', 'Mauritania', 21.01, -10.94, 'Islamic Republic of Mauritania'],
  ['MS', 'MSR', 'Montserrat', 16.74, -62.19],
  ['MT', 'MLT', 'Malta', 35.94, 14.38, 'Republic of Malta'],
  ['MU', 'MUS', 'Mauritius', -20.35, 57.55, 'Republic of Mauritius'],
  ['MV', 'MDV', 'Maldives', 3.2, 73.22, 'Republic of Maldives'],
  ['MW', 'MWI', 'Malawi', -13.25, 34.3, 'Republic of Malawi'],
  ['MX', 'MEX', 'Mexico', 23.63, -102.55, 'United Mexican States'],
  ['MY', 'MYS', 'Malaysia', 4.21, 101.98],
  ['MZ', 'MOZ', 'Mozambique', -18.67, 35.53, 'Republic of Mozambique'],
  ['NA', 'NAM', 'Namibia', -22.96, 18.49, 'Republic of Namibia'],
  ['NC', 'NCL', 'New Caledonia', -20.9, 165.62],
  ['NE', 'NER', 'Niger', 17.61, 8.08, 'Republic of the Niger'],
  ['NF', 'NFK', 'Norfolk Island', -29.04, 167.95],
  ['NG', 'NGA', 'Nigeria', 9.08, 8.68, 'Federal Republic of Nigeria'],
  ['NI', 'NIC', 'Nicaragua', 12.87, -85.21, 'Republic of Nicaragua'],
  ['NL', 'NLD', 'Netherlands', 52.13, 5.29, 'Kingdom of the Netherlands|The Netherlands|Holland'],
  ['NO', 'NOR', 'Norway', 60.47, 8.47, 'Kingdom of Norway'],
  ['NP', 'NPL', 'Nepal', 28.39, 84.12, 'Federal Democratic Republic of Nepal'],
  ['NR', 'NRU', 'Nauru', -0.52, 166.93, 'Republic of Nauru'],
  ['NU', 'NIU', 'Niue', -19.05, -169.87],
  ['NZ', 'NZL', 'New Zealand', -40.9, 174.89, 'Aotearoa'],
  ['OM', 'OMN', 'Oman', 21.51, 55.92, 'Sultanate of Oman'],
  ['PA', 'PAN', 'Panama', 8.54, -80.78, 'Republic of Panama'],
  ['PE', 'PER', 'Peru', -9.19, -75.02, 'Republic of Peru'],
  ['PF', 'PYF', 'French Polynesia', -17.68, -149.41],
  ['PG', 'PNG', 'Papua New Guinea', -6.31, 143.96, 'Independent State of Papua New Guinea'],
  ['PH', 'PHL', 'Philippines', 12.88, 121.77, 'Republic of the Philippines'],
  ['PK', 'PAK', 'Pakistan', 30.38, 69.35, 'Islamic Republic of Pakistan'],
  ['PL', 'POL', 'Poland', 51.92, 19.15, 'Republic of Poland'],
  ['PM', 'SPM', 'Saint Pierre and Miquelon', 46.94, -56.27, 'St Pierre and Miquelon'],
  ['PN', 'PCN', 'Pitcairn Islands', -24.7, -127.44, 'Pitcairn'],
  ['PR', 'PRI', 'Puerto Rico', 18.22, -66.59],
  ['PS', 'PSE', 'Palestine', 31.95, 35.23, 'Palestine, State of|the State of Palestine|State of Palestine|Palestinian Territories|Occupied Palestinian Territory|Palestinian Territory|West Bank and Gaza|Gaza Strip|West Bank'],
  ['PT', 'PRT', 'Portugal', 39.4, -8.22, 'Portuguese Republic'],
  ['PW', 'PLW', 'Palau', 7.51, 134.58, 'Republic of Palau'],
  ['PY', 'PRY', 'Paraguay', -23.44, -58.44, 'Republic of Paraguay'],
  ['QA', 'QAT', 'Qatar', 25.35, 51.18, 'State of Qatar'],
  ['RE', 'REU', 'Réunion', -21.12, 55.54, 'Reunion'],
  ['RO', 'ROU', 'Romania', 45.94, 24.97],
  ['RS', 'SRB', 'Serbia', 44.02, 21.01, 'Republic of Serbia|Serbia (Yugoslavia)'],
  ['RU', 'RUS', 'Russia', 61.52, 105.32, 'Russian Federation|Russia (Soviet Union)|Soviet Union|USSR'],
  ['RW', 'RWA', 'Rwanda', -1.94, 29.87, 'Rwandese Republic'],
  ['SA', 'SAU', 'Saudi Arabia', 23.89, 45.08, 'Kingdom of Saudi Arabia'],
  ['SB', 'SLB', 'Solomon Islands', -9.65, 160.16],
  ['SC', 'SYC', 'Seychelles', -4.68, 55.49, 'Republic of Seychelles'],
  ['SD', 'SDN', 'Sudan', 12.86, 30.22, 'Republic of the Sudan'],
  ['SE', 'SWE', 'Sweden', 60.13, 18.64, 'Kingdom of Sweden'],
  ['SG', 'SGP', 'Singapore', 1.35, 103.82, 'Republic of Singapore'],
  ['SH', 'SHN', 'Saint Helena, Ascension and Tristan da Cunha', -24.14, -10.03, 'Saint Helena'],
  ['SI', 'SVN', 'Slovenia', 46.15, 14.99, 'Republic of Slovenia'],
  ['SJ', 'SJM', 'Svalbard and Jan Mayen', 77.55, 23.67, 'Svalbard'],
  ['SK', 'SVK', 'Slovakia', 48.67, 19.7, 'Slovak Republic'],
  ['SL', 'SLE', 'Sierra Leone', 8.46, -11.78, 'Republic of Sierra Leone'],
  ['SM', 'SMR', 'San Marino', 43.94, 12.46, 'Republic of San Marino'],
  ['SN', 'SEN', 'Senegal', 14.5, -14.45, 'Republic of Senegal'],
  ['SO', 'SOM', 'Somalia', 5.15, 46.2, 'Federal Republic of Somalia'],
  ['SR', 'SUR', 'Suriname', 3.92, -56.03, 'Republic of Suriname'],
  ['SS', 'SSD', 'South Sudan', 6.88, 31.31, 'Republic of South Sudan'],
  ['ST', 'STP', 'Sao Tome and Principe', 0.19, 6.61, 'Democratic Republic of Sao Tome and Principe|São Tomé and Príncipe'],
  ['SV', 'SLV', 'El Salvador', 13.79, -88.9, 'Republic of El Salvador'],
  ['SX', 'SXM', 'Sint Maarten', 18.04, -63.07, 'Sint Maarten (Dutch part)'],
  ['SY', 'SYR', 'Syria', 34.8, 39.0, 'Syrian Arab Republic'],
  ['SZ', 'SWZ', 'Eswatini', -26.52, 31.47, 'Kingdom of Eswatini|Swaziland|eSwatini|Kingdom of eSwatini (Swaziland)'],
  ['TC', 'TCA', 'Turks and Caicos Islands', 21.69, -71.8],
  ['TD', 'TCD', 'Chad', 15.45, 18.73, 'Republic of Chad'],
  ['TF', 'ATF', 'French Southern Territories', -49.28, 69.35],
  ['TG', 'TGO', 'Togo', 8.62, 0.82, 'Togolese Republic'],
  ['TH', 'THA', 'Thailand', 15.87, 100.99, 'Kingdom of Thailand'],
  ['TJ', 'TJK', 'Tajikistan', 38.86, 71.28, 'Republic of Tajikistan'],
  ['TK', 'TKL', 'Tokelau', -8.97, -171.86],
  ['TL', 'TLS', 'Timor-Leste', -8.87, 125.73, 'Democratic Republic of Timor-Leste|East Timor'],
  ['TM', 'TKM', 'Turkmenistan', 38.97, 59.56],
  ['TN', 'TUN', 'Tunisia', 33.89, 9.54, 'Republic of Tunisia'],
  ['TO', 'TON', 'Tonga', -21.18, -175.2, 'Kingdom of Tonga'],
  ['TR', 'TUR', 'Türkiye', 38.96, 35.24, 'Republic of Türkiye|Turkey|Turkiye'],
  ['TT', 'TTO', 'Trinidad and Tobago', 10.69, -61.22, 'Republic of Trinidad and Tobago'],
  ['TV', 'TUV', 'Tuvalu', -7.11, 177.65],
  ['TW', 'TWN', 'Taiwan', 23.7, 120.96, 'Taiwan, Province of China|Chinese Taipei|Republic of China'],
  ['TZ', 'TZA', 'Tanzania', -6.37, 34.89, 'Tanzania, United Republic of|United Republic of Tanzania'],
  ['UA', 'UKR', 'Ukraine', 48.38, 31.17],
  ['UG', 'UGA', 'Uganda', 1.37, 32.29, 'Republic of Uganda'],
  ['UM', 'UMI', 'United States Minor Outlying Islands', 19.28, 166.65, 'US Minor Outlying Islands'],
  ['US', 'USA', 'United States', 37.09, -95.71, 'United States of America|USA|U.S.|U.S.A.|America'],
  ['UY', 'URY', 'Uruguay', -32.52, -55.77, 'Eastern Republic of Uruguay'],
  ['UZ', 'UZB', 'Uzbekistan', 41.38, 64.59, 'Republic of Uzbekistan'],
  ['VA', 'VAT', 'Vatican City', 41.9, 12.45, 'Holy See (Vatican City State)|Holy See|Vatican'],
  ['VC', 'VCT', 'Saint Vincent and the Grenadines', 12.98, -61.29, 'St Vincent and the Grenadines'],
  ['VE', 'VEN', 'Venezuela', 6.42, -66.59, 'Venezuela, Bolivarian Republic of|Bolivarian Republic of Venezuela|Venezuela (Bolivarian Republic of)'],
  ['VG', 'VGB', 'British Virgin Islands', 18.42, -64.64, 'Virgin Islands, British'],
  ['VI', 'VIR', 'U.S. Virgin Islands', 18.34, -64.9, 'Virgin Islands, U.S.|Virgin Islands of the United States|US Virgin Islands|United States Virgin Islands'],
  ['VN', 'VNM', 'Vietnam', 14.06, 108.28, 'Viet Nam|Socialist Republic of Viet Nam|Vietnam (North Vietnam)'],
  ['VU', 'VUT', 'Vanuatu', -15.38, 166.96, 'Republic of Vanuatu'],
  ['WF', 'WLF', 'Wallis and Futuna', -13.77, -177.16],
  ['WS', 'WSM', 'Samoa', -13.76, -172.1, 'Independent State of Samoa'],
  ['YE', 'YEM', 'Yemen', 15.55, 48.52, 'Republic of Yemen|Yemen (North Yemen)'],
  ['YT', 'MYT', 'Mayotte', -12.83, 45.17],
  ['ZA', 'ZAF', 'South Africa', -30.56, 22.94, 'Republic of South Africa'],
  ['ZM', 'ZMB', 'Zambia', -13.13, 27.85, 'Republic of Zambia'],
  ['ZW', 'ZWE', 'Zimbabwe', -19.02, 29.15, 'Republic of Zimbabwe|Zimbabwe (Rhodesia)|Rhodesia'],
  ['XK', 'XKX', 'Kosovo', 42.6, 20.9, 'Republic of Kosovo'],
];

/** Codes in ROWS that are not officially assigned by ISO 3166-1 but used by most feeds. */
const USER_ASSIGNED = new Set(['XK']);

export const COUNTRIES: readonly Country[] = ROWS.map(([alpha2, alpha3, name, lat, lon, aliases]) => {
  const c: Country = { alpha2, alpha3, name, lat, lon, aliases: aliases ? aliases.split('|') : [] };
  return USER_ASSIGNED.has(alpha2) ? { ...c, userAssigned: true } : c;
});

// Letters that NFD does not decompose into base letter + combining mark.
const FOLD: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', ł: 'l', ı: 'i', þ: 'th' };

/**
 * Canonical form of a country name for lookup: Unicode-normalised, diacritics
 * folded, lower case, invisible format characters (bidi marks, zero-width
 * joiners) removed, apostrophes dropped, "&" read as "and", other punctuation
 * treated as a word break, whitespace collapsed and a leading "the" ignored.
 */
export function normaliseCountryKey(input: string): string {
  let s = input
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\p{Cf}+/gu, '')
    .toLowerCase();
  s = s.replace(/[ßøæœđðłıþ]/g, (ch) => FOLD[ch] ?? ch);
  s = s.replace(/['\u2018\u2019\u02bc\u02b9`\u00b4]/g, '').replace(/&/g, ' and ');
  s = s.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return s.replace(/^the /, '');
}

function buildIndexes() {
  const byCode = new Map<string, Country>();
  const byName = new Map<string, Country>();
  for (const c of COUNTRIES) {
    for (const code of [c.alpha2, c.alpha3]) {
      if (byCode.has(code)) throw new Error(`country table: duplicate code ${code}`);
      byCode.set(code, c);
    }
    for (const n of [c.name, ...c.aliases]) {
      const key = normaliseCountryKey(n);
      const prev = byName.get(key);
      if (prev && prev !== c) throw new Error(`country table: "${n}" names both ${prev.alpha2} and ${c.alpha2}`);
      byName.set(key, c);
    }
  }
  return { byCode, byName };
}

const { byCode: BY_CODE, byName: BY_NAME } = buildIndexes();

const INVISIBLE = /\p{Cf}/gu;

/** Lookup by ISO alpha-2 or alpha-3 code, case-insensitive. */
export function countryByCode(code: string): Country | undefined {
  const c = code.replace(INVISIBLE, '').trim().toUpperCase();
  return /^[A-Z]{2,3}$/.test(c) ? BY_CODE.get(c) : undefined;
}

/**
 * Lookup by name or alias. A trailing or embedded parenthetical qualifier
 * ("Myanmar (Burma)", "Iran (Islamic Republic of)") is also tried without it
 * when the full form is unknown.
 */
export function countryByName(name: string): Country | undefined {
  const hit = BY_NAME.get(normaliseCountryKey(name));
  if (hit) return hit;
  const stripped = name.replace(/\([^)]*\)/g, ' ');
  return stripped !== name ? BY_NAME.get(normaliseCountryKey(stripped)) : undefined;
}

/** Resolve free input that may be a code or a name; codes win for 2-3 letter inputs. */
export function resolveCountry(input: string | null | undefined): Country | undefined {
  if (typeof input !== 'string') return undefined;
  if (input.replace(INVISIBLE, '').trim() === '') return undefined;
  return countryByCode(input) ?? countryByName(input);
}

/** English short name for an alpha-2 code (case-insensitive); undefined when unknown. */
export function countryName(alpha2: string): string | undefined {
  const c = countryByCode(alpha2);
  return c && c.alpha2 === alpha2.replace(INVISIBLE, '').trim().toUpperCase() ? c.name : undefined;
}
