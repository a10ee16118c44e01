/**
 * A headless Chromium from the npm registry (@sparticuz/chromium ships the binary inside its package; puppeteer-core
 * drives it and downloads nothing), so the report tests need no system browser: `npm install` brings it.
 */
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser } from 'puppeteer-core';
import { pathToFileURL } from 'node:url';

let browser: Promise<Browser> | undefined;

async function launch(): Promise<Browser> {
  // Unpacks to the OS temp folder on first use (~3 s), then reuses it.
  const executablePath = await chromium.executablePath();
  return puppeteer.launch({ executablePath, args: chromium.args, headless: true, timeout: 120_000 }); // a loaded machine starts it slowly
}

/** The DOM after Chromium loaded the file and ran its scripts (its load event has fired). */
export async function renderedDom(file: string): Promise<string> {
  browser ??= launch();
  const page = await (await browser).newPage();
  try {
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 60_000 });
    return await page.content();
  } finally {
    await page.close();
  }
}

export async function closeBrowser(): Promise<void> {
  const b = browser;
  browser = undefined;
  if (b) await (await b).close();
}
