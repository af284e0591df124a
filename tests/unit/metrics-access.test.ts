/**
 * Who may read /metrics (METRICS_ALLOW, METRICS_PORT) and how an import's answer is counted: a
 * typo in a setting stops the start with the setting named instead of opening or closing the door
 * silently; CIDRs match as node:net's BlockList (the reference) says, IPv4 peers on a dual-stack
 * socket included.
 */
import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addressMatcher, parseAddressList } from '../../server/lib/addressList.js';
import { DEFAULT_METRICS_PORT, loadConfig, parseMetricsPort } from '../../server/config.js';
import { importOutcomeOf } from '../../server/lib/metrics.js';

describe('parseAddressList', () => {
  it('takes addresses, CIDRs of either family and loopback, trimmed, empties dropped', () => {
    expect(parseAddressList(' loopback, 10.8.0.5 ,10.9.0.0/16,,fd00::/8 ,::1', 'METRICS_ALLOW')).toEqual([
      'loopback',
      '10.8.0.5',
      '10.9.0.0/16',
      'fd00::/8',
      '::1',
    ]);
    expect(parseAddressList('', 'METRICS_ALLOW')).toEqual([]);
    expect(parseAddressList(undefined, 'METRICS_ALLOW')).toEqual([]);
  });

  it.each(['localhost', '10.8.0', '10.8.0.0/33', 'fd00::/129', '10.0.0.0/8/1', '10.0.0.0/x', '*', '0.0.0.0/'])(
    'refuses %s, naming the setting and the entry',
    (entry) => {
      expect(() => parseAddressList(`loopback,${entry}`, 'METRICS_ALLOW')).toThrow(
        `METRICS_ALLOW: "${entry}" is not an address, a CIDR or loopback`,
      );
    },
  );
});

describe('addressMatcher', () => {
  const allowed = addressMatcher(['loopback', '10.8.0.5', '10.9.0.0/16', 'fd00:1::/32']);

  it('answers loopback of both families, the address, the subnet; nobody else', () => {
    for (const peer of ['127.0.0.1', '127.3.2.1', '::1', '10.8.0.5', '10.9.255.1', 'fd00:1:ffff::7'])
      expect(allowed(peer), peer).toBe(true);
    for (const peer of ['10.8.0.6', '10.10.0.1', '192.168.1.1', '::2', 'fd00:2::1', '203.0.113.9'])
      expect(allowed(peer), peer).toBe(false);
  });

  it('takes an IPv4 peer as a dual-stack socket names it (::ffff:a.b.c.d)', () => {
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('::ffff:10.9.1.2')).toBe(true);
    expect(allowed('::ffff:10.10.1.2')).toBe(false);
  });

  it('refuses what is not an address, and everyone when the list is empty', () => {
    for (const peer of [undefined, '', 'localhost', '10.9.0.0/16']) expect(allowed(peer), String(peer)).toBe(false);
    const nobody = addressMatcher([]);
    expect(nobody('127.0.0.1')).toBe(false);
  });

  it("agrees with BlockList fed by hand for a subnet's edges", () => {
    const reference = new BlockList();
    reference.addSubnet('172.16.0.0', 12, 'ipv4');
    const ours = addressMatcher(['172.16.0.0/12']);
    for (const peer of ['172.15.255.255', '172.16.0.0', '172.31.255.255', '172.32.0.0']) {
      expect(ours(peer), peer).toBe(reference.check(peer, 'ipv4'));
    }
  });
});

describe('METRICS_PORT, METRICS_HOST, METRICS_ALLOW', () => {
  it('default to the usual exporter port on loopback, for loopback', () => {
    const { metrics } = loadConfig({ NODE_ENV: 'production' });
    expect(metrics).toEqual({ port: DEFAULT_METRICS_PORT, host: '127.0.0.1', allow: ['loopback'] });
    expect(DEFAULT_METRICS_PORT).toBe(9464);
  });

  it('take off, a port, a host and a list', () => {
    expect(parseMetricsPort('off')).toBeNull();
    expect(parseMetricsPort(' 9100 ')).toBe(9100);
    expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0', METRICS_ALLOW: '10.8.0.0/16' }).metrics).toEqual(
      { port: 9100, host: '0.0.0.0', allow: ['10.8.0.0/16'] },
    );
  });

  it('refuse what is not a port, and a list with a typo, naming the setting', () => {
    for (const bad of ['0', '65536', 'yes', '9100.5', '-1'])
      expect(() => parseMetricsPort(bad), bad).toThrow(`METRICS_PORT: "${bad}" is not a port (1–65535) or off`);
    expect(() => loadConfig({ METRICS_ALLOW: 'loopback,10.8.0.0/40' })).toThrow('METRICS_ALLOW: "10.8.0.0/40"');
  });
});

describe('importOutcomeOf', () => {
  it('names how an import was answered', () => {
    expect([200, 400, 413, 401, 403, 429, 503, 500, 409].map(importOutcomeOf)).toEqual([
      'imported',
      'invalid',
      'invalid',
      'refused',
      'refused',
      'busy',
      'busy',
      'failed',
      'failed',
    ]);
  });
});
