import fs from 'node:fs';
import path from 'node:path';

/**
 * `office-addin-manifest validate` needs the internet; this checks offline what Office itself
 * insists on for a Word task-pane manifest.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const xml = fs.readFileSync(path.join(ROOT, 'manifest.xml'), 'utf8');
const doc = new DOMParser().parseFromString(xml, 'application/xml');
const NS = 'http://schemas.microsoft.com/office/appforoffice/1.1';
const one = (name: string) => {
  const found = doc.getElementsByTagNameNS(NS, name);
  expect(found).toHaveLength(1);
  return found[0];
};
const value = (name: string) => one(name).getAttribute('DefaultValue') ?? '';

test('is well-formed XML of a TaskPaneApp', () => {
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.localName).toBe('OfficeApp');
  expect(doc.documentElement.getAttribute('xsi:type')).toBe('TaskPaneApp');
});

test('has the identity Office requires', () => {
  expect(one('Id').textContent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  expect(one('Version').textContent).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  expect(one('ProviderName').textContent!.length).toBeGreaterThan(0);
  expect(one('DefaultLocale').textContent).toBe('en-US');
  expect(value('DisplayName').length).toBeLessThanOrEqual(125);
  expect(value('Description').length).toBeLessThanOrEqual(250);
});

test('runs in Word, reading the document, from the task pane the server serves', () => {
  const hosts = Array.from(doc.getElementsByTagNameNS(NS, 'Host')).map((host) => host.getAttribute('Name'));
  expect(hosts).toEqual(['Document']);
  // getFileAsync gives a copy of the whole document: ReadAllDocument at least.
  expect(['ReadAllDocument', 'ReadWriteDocument']).toContain(one('Permissions').textContent);
  const sets = Array.from(doc.getElementsByTagNameNS(NS, 'Set')).map((set) => set.getAttribute('Name'));
  expect(sets).toEqual(expect.arrayContaining(['WordApi', 'CompressedFile']));
  expect(value('SourceLocation')).toMatch(/^https:\/\/[^/]+\/addin\/taskpane\.html$/);
});

test('its icons and pages exist, on the domain it declares', () => {
  const domain = one('AppDomain').textContent;
  for (const name of ['IconUrl', 'HighResolutionIconUrl', 'SourceLocation', 'SupportUrl']) {
    expect(value(name).startsWith(`${domain}/`)).toBe(true);
  }
  for (const name of ['IconUrl', 'HighResolutionIconUrl']) {
    const file = path.join(ROOT, 'addin', 'public', path.basename(new URL(value(name)).pathname));
    const png = fs.readFileSync(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  }
  expect(fs.existsSync(path.join(ROOT, 'addin', 'taskpane.html'))).toBe(true);
});

test('holds only what the schema allows a TaskPaneApp, in the order of its sequence', () => {
  // offappmanifest 1.1: the OfficeApp base type's sequence, then TaskPaneApp's extension.
  const sequence = [
    'Id',
    'AlternateId',
    'Version',
    'ProviderName',
    'DefaultLocale',
    'DisplayName',
    'Description',
    'IconUrl',
    'HighResolutionIconUrl',
    'SupportUrl',
    'AppDomains',
    'Hosts',
    'Requirements',
    'ExtendedOverrides',
    'DefaultSettings',
    'Permissions',
    'AllowSnapshot',
    'Dictionary',
    'VersionOverrides',
  ];
  const children = Array.from(doc.documentElement.children).map((child) => child.localName);
  const positions = children.map((name) => sequence.indexOf(name));
  expect(positions).not.toContain(-1);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(new Set(children).size).toBe(children.length);
  // Enumerations of the schema.
  expect(['Restricted', 'ReadDocument', 'ReadAllDocument', 'WriteDocument', 'ReadWriteDocument']).toContain(one('Permissions').textContent);
  for (const host of Array.from(doc.getElementsByTagNameNS(NS, 'Host'))) {
    expect(['Document', 'Database', 'Mailbox', 'Notebook', 'Presentation', 'Project', 'Workbook']).toContain(host.getAttribute('Name'));
  }
  for (const set of Array.from(doc.getElementsByTagNameNS(NS, 'Set'))) expect(set.getAttribute('MinVersion')).toMatch(/^\d+\.\d+$/);
});
