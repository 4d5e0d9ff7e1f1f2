import type { PRERENDERED_PAGES } from '@sala/shared/web/pages';
import { useEffect } from 'react';
import type { Illustration } from '../lib/illustrations';

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

export type PageMetaInfo = {
  title: string;
  description: string;
  /** The hero's drawing (the page's HeroBanner): its largest paint, preloaded from the prerendered HTML. */
  heroImage: Illustration;
};

/** Title, description and hero of every prerendered page: the build writes them into each page's head. */
export const PAGE_META: Record<PrerenderedPage, PageMetaInfo> = {
  '/': {
    title: 'Sala Común · Consultorios por hora',
    description:
      'Renta consultorios equipados por hora en Ciudad de México y Guadalajara. Compra créditos y reserva tu sala en línea.',
    heroImage: 'hero',
  },
  '/nosotros': {
    title: 'Nosotros · Sala Común',
    description:
      'Conoce Sala Común: salas cálidas y privadas para psicólogos y terapeutas, con recepción, limpieza y reserva en línea.',
    heroImage: 'about',
  },
  '/equipo': {
    title: 'Equipo · Sala Común',
    description:
      'Las personas detrás de Sala Común: dirección, coordinación de sucursales y atención a profesionales.',
    heroImage: 'carousel-4',
  },
  '/reserva': {
    title: 'Reserva · Sala Común',
    description:
      'Reserva tu consultorio en cinco pasos: zona, sucursal, día, hora y sala. Consulta los horarios libres sin registrarte.',
    heroImage: 'carousel-1',
  },
  '/sucursales': {
    title: 'Sucursales · Sala Común',
    description:
      'Dirección, teléfono, horario y costo por sesión de cada sucursal de Sala Común en Ciudad de México y Guadalajara.',
    heroImage: 'carousel-2',
  },
  '/registro': {
    title: 'Crear cuenta · Sala Común',
    description: 'Crea tu cuenta de Sala Común para comprar créditos y reservar consultorios por hora.',
    heroImage: 'hero',
  },
  '/registro/iniciar-sesion': {
    title: 'Iniciar sesión · Sala Común',
    description: 'Ingresa a tu cuenta de Sala Común para reservar salas, ver tus créditos y tus compras.',
    heroImage: 'hero',
  },
  '/aviso-de-privacidad': {
    title: 'Aviso de privacidad · Sala Común',
    description:
      'Quién es responsable de tus datos en Sala Común, qué datos recabamos, para qué, con quién los compartimos y cómo ejercer tus derechos ARCO.',
    heroImage: 'hero',
  },
  '/terminos': {
    title: 'Términos y condiciones · Sala Común',
    description:
      'Créditos, reservaciones y cancelaciones con 24 horas de anticipación, pagos, órdenes canceladas y cómo eliminar tu cuenta en Sala Común.',
    heroImage: 'hero',
  },
};

function setHeadContent(selector: string, attribute: 'content' | 'href', value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the head of a prerendered page right after client-side navigation (the build wrote it for a first
 * visit): title, description, canonical link and Open Graph. Renders nothing, so hydration is unaffected.
 */
export function PageMeta({ path }: { path: PrerenderedPage }) {
  useEffect(() => {
    const { title, description } = PAGE_META[path];
    document.title = title;
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const url = `${canonical ? new URL(canonical.href).origin : window.location.origin}${path}`;
    setHeadContent('meta[name="description"]', 'content', description);
    setHeadContent('link[rel="canonical"]', 'href', url);
    setHeadContent('meta[property="og:title"]', 'content', title);
    setHeadContent('meta[property="og:description"]', 'content', description);
    setHeadContent('meta[property="og:url"]', 'content', url);
  }, [path]);
  return null;
}
