import { request } from '@playwright/test';

/**
 * How clients reach the business in the end-to-end runs (issue 39: settings of Datos legales, no longer the
 * environment). Written once, before any spec, by `setBusinessContact` (global setup); the specs read these values.
 */
export const BUSINESS_CONTACT = {
  phone: '5512345678',
  whatsapp: '5587654321',
  instagramUrl: 'https://www.instagram.com/salacomun.mx',
  facebookUrl: 'https://www.facebook.com/salacomun.mx',
};

/** Playwright's global setup: the super admin saves the contact through the API, as the Datos legales form does. */
export default async function setBusinessContact(config: { projects: { use: { baseURL?: string } }[] }) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/api/auth/login', {
      data: { email: 'superadmin@example.com', password: 'demo1234' },
    });
    if (login.status() !== 200)
      throw new Error(`login as super admin: ${login.status()} ${await login.text()}`);
    const saved = await api.put('/api/legal/contact', { data: BUSINESS_CONTACT });
    if (saved.status() !== 200)
      throw new Error(`saving the business contact: ${saved.status()} ${await saved.text()}`);
  } finally {
    await api.dispose();
  }
}
