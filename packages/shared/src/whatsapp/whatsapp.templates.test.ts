import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTemplate, WHATSAPP_TEMPLATES } from './whatsapp.templates';

const templates = Object.values(WHATSAPP_TEMPLATES);

describe('WhatsApp templates (issue 43)', () => {
  it('follow the rules Meta approves a template by', () => {
    for (const template of templates) {
      const numbers = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      // Numbered 1…n in order, one example per parameter.
      expect(numbers, template.name).toEqual(template.params.map((_, i) => i + 1));
      // Neither starting nor ending with a parameter; a lower-case name with underscores; under 1 024 characters.
      expect(template.body.trimStart().startsWith('{{'), template.name).toBe(false);
      expect(template.body.trimEnd().endsWith('}}'), template.name).toBe(false);
      expect(template.name).toMatch(/^[a-z0-9_]{1,512}$/);
      expect(template.body.length).toBeLessThan(1024);
      expect(template.body).toContain('BAJA');
    }
  });

  it('render with their examples', () => {
    const text = renderTemplate(
      'reservacion_cancelada',
      WHATSAPP_TEMPLATES.reservacion_cancelada.params.map((param) => param.example),
    );
    expect(text).toBe(
      'Hola Ana, tu reservación del martes 1 de diciembre de 2026, 10:00 a 11:00 en Consultorio 3, Roma Norte fue cancelada. Créditos devueltos a tu saldo: 1. Responde BAJA para dejar de recibir mensajes por WhatsApp.',
    );
  });

  it('are in the README as the owner submits them to Meta', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const template of templates) expect(readme, template.name).toContain(`«${template.body}»`);
  });
});
