import { describe, expect, it } from 'vitest';
import type { TPublicBranchInfo } from '../locations/branches.contract';
import { DEFAULT_WEEKLY_SCHEDULE } from '../locations/schedule';
import { branchesStructuredData } from './structured-data';

const branch: TPublicBranchInfo = {
  id: '01900000-0000-7000-8000-000000000002',
  name: 'Valle',
  cityId: '01900000-0000-7000-8000-000000000001',
  cityName: 'Ciudad de México',
  sessionCost: 1,
  schedule: DEFAULT_WEEKLY_SCHEDULE,
  address: 'Av. Insurgentes Sur 1235, Col. Del Valle',
  phone: '5552123456',
  whatsapp: null,
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=Valle',
  description: 'Cinco salas.',
  roomCount: 5,
};

describe('branchesStructuredData', () => {
  it('describes each branch as a LocalBusiness with its address, phone and opening hours', () => {
    const data = branchesStructuredData([branch], {
      publicUrl: 'https://reservas.example.mx',
      social: { instagramUrl: 'https://www.instagram.com/salacomun', facebookUrl: null },
    });
    const [business] = data['@graph'];
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Sala Común Valle',
      telephone: '+52 5552123456',
      hasMap: branch.mapUrl,
      address: { streetAddress: branch.address, addressLocality: 'Ciudad de México', addressCountry: 'MX' },
      sameAs: ['https://www.instagram.com/salacomun'],
      url: `https://reservas.example.mx/sucursales#sucursal-${branch.id}`,
    });
    expect(business?.openingHoursSpecification).toHaveLength(6);
    expect(business?.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:00',
      closes: '21:00',
    });
    expect(business?.openingHoursSpecification[5]).toMatchObject({
      dayOfWeek: 'https://schema.org/Saturday',
      closes: '15:00',
    });
  });

  it('leaves out what a branch does not have', () => {
    const [business] = branchesStructuredData([{ ...branch, mapUrl: null, description: '' }], {
      publicUrl: 'http://localhost:3000',
      social: { instagramUrl: null, facebookUrl: null },
    })['@graph'];
    expect(business).not.toHaveProperty('hasMap');
    expect(business).not.toHaveProperty('description');
    expect(business).not.toHaveProperty('sameAs');
  });
});
