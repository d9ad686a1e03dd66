// The Action's inputs: globs split on commas and newlines except inside braces; pull request facts from the event;
// compression settings checked with the API's own schema before anything is uploaded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ActionInputError, globList, readInputs } from '#action/inputs';
import { selectFiles } from '#action/compress-files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'action-inputs-'));
const event = path.join(dir, 'event.json');
fs.writeFileSync(event, JSON.stringify({ pull_request: { number: 3, head: { ref: 'feat', sha: 'abc', repo: { full_name: 'fork/site' } }, base: { repo: { full_name: 'acme/site' } } } }));
const env = (inputs: Record<string, string>) => ({
  GITHUB_EVENT_PATH: event,
  GITHUB_REPOSITORY: 'acme/site',
  'INPUT_SERVER-URL': 'https://images.example.org/',
  'INPUT_API-KEY': 'isq_live_x',
  ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
});

describe('action inputs', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('splits globs on commas and newlines but not inside braces', () => {
    expect(globList('**/*.{jpg,png}, docs/**\nassets/*.webp')).toEqual(['**/*.{jpg,png}', 'docs/**', 'assets/*.webp']);
    expect(selectFiles(['a/x.png', 'a/x.txt', 'vendor/y.jpg', 'b/z.JPG'], { include: globList('**/*.{jpg,png,JPG}'), exclude: ['vendor/**'] })).toEqual(['a/x.png', 'b/z.JPG']);
  });

  it('reads the pull request, marks a fork, and maps settings to the API fields', () => {
    const inputs = readInputs(env({ format: 'webp', 'max-width': '800', 'compression-type': 'web' }));
    expect(inputs.serverUrl).toBe('https://images.example.org');
    expect(inputs.pr).toEqual({ number: 3, headRef: 'feat', headSha: 'abc', repository: 'acme/site', fromFork: true });
    expect(inputs.settings).toEqual({ format: 'webp', maxWidth: '800', type: 'web' });
    expect(inputs.commit).toBe(true);
  });

  it('refuses bad settings, a missing key and a bad server URL with clear messages', () => {
    expect(() => readInputs(env({ format: 'gif' }))).toThrow(ActionInputError);
    expect(() => readInputs(env({ 'api-key': '' }))).toThrow(/api-key is empty/);
    expect(() => readInputs(env({ 'server-url': 'ftp://x' }))).toThrow(/server-url must be/);
    expect(() => readInputs(env({ commit: 'maybe' }))).toThrow(/commit must be true or false/);
  });
});
