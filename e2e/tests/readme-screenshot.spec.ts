import path from 'node:path';
import { expect, test } from '@playwright/test';

// The README shows the landing as the e2e suite sees it.
test('takes the README screenshot of the landing', async ({ page, isMobile }) => {
  test.skip(isMobile, 'desktop screenshot only');
  await page.goto('/');
  await expect(page.locator('#paquetes article').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.resolve(import.meta.dirname, '../../docs/images/inicio.png'),
    fullPage: false,
  });
});
