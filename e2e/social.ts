/** The footer's social profiles the end-to-end server is started with (INSTAGRAM_URL, FACEBOOK_URL). */
export const SOCIAL = {
  instagram: 'https://www.instagram.com/salacomun.mx',
  facebook: 'https://www.facebook.com/salacomun.mx',
};
