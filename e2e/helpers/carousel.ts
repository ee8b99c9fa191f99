import { expect, type Browser } from '@playwright/test';

/**
 * The landing carousel's pictures as a signed-out visitor's desktop browser shows them, every
 * slide's (the hidden slides' too), in order: the first is the first place of the first slide.
 */
export async function carouselSources(browser: Browser): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'LookBook showcase' });
    await expect(carousel).toBeVisible();
    // The pictures arrive after the page is hydrated; the first slide's first place is then a look.
    const firstSlide = carousel.getByRole('group', { name: '1 of 3' });
    await expect(firstSlide.getByRole('img').first()).toBeVisible();
    return await carousel.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
  } finally {
    await context.close();
  }
}
