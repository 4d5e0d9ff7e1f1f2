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

export const demoLocations = [
  {
    city: 'Ciudad de México',
    branches: [
      { name: 'Valle', sessionCost: 1, rooms: 5, schedule: DEFAULT_WEEKLY_SCHEDULE },
      {
        name: 'Polanco',
        sessionCost: 2,
        rooms: 4,
        schedule: [...DEFAULT_WEEKLY_SCHEDULE.slice(0, 6), saturdayLong] as typeof DEFAULT_WEEKLY_SCHEDULE,
      },
    ],
  },
  {
    city: 'Guadalajara',
    branches: [{ name: 'Providencia', sessionCost: 1, rooms: 6, schedule: DEFAULT_WEEKLY_SCHEDULE }],
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
  },
  {
    name: 'Paquete Profesional',
    description: 'Diez horas más una de regalo para tu agenda semanal.',
    pesos: 2300,
    credits: 10,
    extra: 1,
    isDigital: true,
    isService: false,
  },
  {
    name: 'Paquete Consultorio',
    description: 'Veinte horas más tres de regalo: ideal para consulta de tiempo completo.',
    pesos: 4300,
    credits: 20,
    extra: 3,
    isDigital: true,
    isService: false,
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
