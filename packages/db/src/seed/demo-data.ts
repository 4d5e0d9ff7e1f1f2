import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import type { UserRole } from '../schema/users';

export const DEMO_PASSWORD = 'demo1234';

export const demoAccounts: { name: string; email: string; phone: string; role: UserRole; credits: number }[] =
  [
    {
      name: 'Sofía Ramírez',
      email: 'superadmin@example.com',
      phone: '5512345678',
      role: 'superadmin',
      credits: 0,
    },
    { name: 'Jorge Hernández', email: 'admin@example.com', phone: '5587654321', role: 'admin', credits: 0 },
    { name: 'Valeria Torres', email: 'cliente@example.com', phone: '3311223344', role: 'user', credits: 10 },
  ];

const saturdayLong = { firstHour: 8, lastHour: 15 };

/** A Google Maps search for an address: a plain https link, no API key, opens the app on phones. */
const mapSearch = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** What the public site shows of each demo branch (issue 14): where it is, how to call, what it is like. */
export type DemoBranchDetails = {
  address: string;
  phone: string;
  whatsapp: string | null;
  mapUrl: string | null;
  description: string;
};

const valleAddress = 'Av. Insurgentes Sur 1235, Col. Del Valle, Benito Juárez, 03100 Ciudad de México, CDMX';
const polancoAddress = 'Calle Homero 418, Polanco V Secc., Miguel Hidalgo, 11560 Ciudad de México, CDMX';
const providenciaAddress = 'Av. Providencia 2577, Col. Providencia, 44630 Guadalajara, Jal.';

export const demoLocations: {
  city: string;
  branches: {
    name: string;
    sessionCost: number;
    rooms: number;
    schedule: typeof DEFAULT_WEEKLY_SCHEDULE;
    details: DemoBranchDetails;
  }[];
}[] = [
  {
    city: 'Ciudad de México',
    branches: [
      {
        name: 'Valle',
        sessionCost: 1,
        rooms: 5,
        schedule: DEFAULT_WEEKLY_SCHEDULE,
        details: {
          address: valleAddress,
          phone: '5552123456',
          whatsapp: '5512340001',
          mapUrl: mapSearch(valleAddress),
          description:
            'Cinco salas a una cuadra del Metrobús Parque Hundido, con sala de espera y café de cortesía.',
        },
      },
      {
        name: 'Polanco',
        sessionCost: 2,
        rooms: 4,
        schedule: [...DEFAULT_WEEKLY_SCHEDULE.slice(0, 6), saturdayLong] as typeof DEFAULT_WEEKLY_SCHEDULE,
        details: {
          address: polancoAddress,
          phone: '5552809876',
          whatsapp: null,
          mapUrl: mapSearch(polancoAddress),
          description:
            'Cuatro salas amplias con luz natural y estacionamiento con valet; abre los sábados hasta las 15:00.',
        },
      },
    ],
  },
  {
    city: 'Guadalajara',
    branches: [
      {
        name: 'Providencia',
        sessionCost: 1,
        rooms: 6,
        schedule: DEFAULT_WEEKLY_SCHEDULE,
        details: {
          address: providenciaAddress,
          phone: '3336157890',
          whatsapp: '3312340003',
          mapUrl: mapSearch(providenciaAddress),
          description:
            'Seis salas en una casona remodelada, con sala familiar y área de juego para terapia infantil.',
        },
      },
    ],
  },
];

type DemoProduct = {
  name: string;
  description: string;
  pesos: number;
  credits: number;
  extra: number;
  isDigital: boolean;
  isService: boolean;
  isActive?: boolean;
  /** Issue 44: how many days its credits can be used; none: they never expire. */
  validityDays?: number;
};

export const demoProducts: DemoProduct[] = [
  {
    name: 'Sesión individual',
    description: 'Un crédito para una hora de consultorio equipado.',
    pesos: 280,
    credits: 1,
    extra: 0,
    isDigital: true,
    isService: false,
  },
  {
    name: 'Paquete Básico',
    description: 'Cinco horas de consultorio para empezar tu práctica.',
    pesos: 1250,
    credits: 5,
    extra: 0,
    isDigital: true,
    isService: false,
    validityDays: 60,
  },
  {
    name: 'Paquete Profesional',
    description: 'Diez horas más una de regalo para tu agenda semanal.',
    pesos: 2300,
    credits: 10,
    extra: 1,
    isDigital: true,
    isService: false,
    validityDays: 90,
  },
  {
    name: 'Paquete Consultorio',
    description: 'Veinte horas más tres de regalo: ideal para consulta de tiempo completo.',
    pesos: 4300,
    credits: 20,
    extra: 3,
    isDigital: true,
    isService: false,
    validityDays: 120,
  },
  {
    name: 'Paquete Verano',
    description: 'Promoción de temporada ya concluida.',
    pesos: 900,
    credits: 4,
    extra: 1,
    isDigital: true,
    isService: false,
    isActive: false,
  },
  {
    name: 'Sanitización profunda de sala',
    description: 'Limpieza y sanitización certificada antes de tu sesión.',
    pesos: 450,
    credits: 0,
    extra: 0,
    isDigital: true,
    isService: true,
  },
  {
    name: 'Domicilio fiscal',
    description: 'Usa la dirección del consultorio como domicilio fiscal por un mes.',
    pesos: 900,
    credits: 0,
    extra: 0,
    isDigital: true,
    isService: true,
  },
  {
    name: 'Recepción de pacientes',
    description: 'Recepción, sala de espera y aviso de llegada de tus pacientes durante un mes.',
    pesos: 1500,
    credits: 0,
    extra: 0,
    isDigital: true,
    isService: true,
  },
  {
    name: 'Agua embotellada',
    description: 'Botella de 600 ml.',
    pesos: 20,
    credits: 0,
    extra: 0,
    isDigital: false,
    isService: false,
  },
  {
    name: 'Café de especialidad',
    description: 'Americano o capuchino de grano mexicano.',
    pesos: 45,
    credits: 0,
    extra: 0,
    isDigital: false,
    isService: false,
  },
  {
    name: 'Pase cowork por día',
    description: 'Acceso al área de cowork con internet y café.',
    pesos: 180,
    credits: 0,
    extra: 0,
    isDigital: false,
    isService: false,
  },
  {
    name: 'Sesión en mostrador',
    description: 'Un crédito de sesión comprado en recepción.',
    pesos: 300,
    credits: 1,
    extra: 0,
    isDigital: false,
    isService: false,
  },
];
