import type { Illustration } from '../../lib/illustrations';

export type TeamMember = { name: string; role: string; bio: string; image: Illustration };

export const team: TeamMember[] = [
  {
    name: 'Mtra. Daniela Ochoa',
    role: 'Fundadora y directora',
    bio: 'Psicóloga clínica con 12 años de consulta privada. Creó Sala Común para que colegas que empiezan tengan un espacio digno sin rentas fijas.',
    image: 'team-1',
  },
  {
    name: 'Lic. Arturo Méndez',
    role: 'Coordinador de sucursales',
    bio: 'Administra las sucursales de Valle, Polanco y Providencia. Se asegura de que cada sala esté lista, limpia y a tiempo para tu siguiente paciente.',
    image: 'team-2',
  },
  {
    name: 'Mariana Ríos',
    role: 'Atención a profesionales',
    bio: 'Resuelve dudas de reservas, créditos y facturación. Si algo no sale como esperabas, ella lo arregla.',
    image: 'team-3',
  },
  {
    name: 'Dr. Luis Carvajal',
    role: 'Asesor clínico',
    bio: 'Psiquiatra y supervisor clínico. Define los estándares de privacidad, acústica y confort de nuestras salas.',
    image: 'team-4',
  },
];
