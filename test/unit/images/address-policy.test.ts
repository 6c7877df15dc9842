import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { isPublicAddress } from '../../../src/images/index.ts';

describe('isPublicAddress: public unicast addresses are allowed', () => {
  for (const ip of [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '151.101.1.69',
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above CGNAT
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above 172.16/12
    '198.17.255.255', // just below benchmarking
    '198.20.0.0', // just above benchmarking
    '223.255.255.255', // just below multicast
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:81b::200e',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '64:ff9b::8.8.8.8',
  ]) {
    test(ip, () => assert.equal(isPublicAddress(ip), true));
  }
});

describe('isPublicAddress: special IPv4 ranges are refused', () => {
  const refused: Array<[string, string]> = [
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '0/8 "this network"'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.255', 'CGNAT 100.64/10'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
    ['192.0.2.10', 'documentation TEST-NET-1'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.9', 'documentation TEST-NET-3'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['198.19.255.255', 'benchmarking 198.18/15'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['250.1.2.3', 'reserved 240/4'],
  ];
  for (const [ip, why] of refused) {
    test(`${ip} (${why})`, () => assert.equal(isPublicAddress(ip), false));
  }
});

describe('isPublicAddress: special IPv6 ranges and embedded IPv4 are refused', () => {
  const refused: Array<[string, string]> = [
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone id'],
    ['febf:ffff::1', 'link-local upper end'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'deprecated site-local'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:db8:ffff::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['100::1', 'discard-only'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated (RFC 6145)'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::7f00:1', 'IPv4-compatible, hex'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback, hex'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 (RFC 8215)'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:808:808::1', '6to4, even of a public address'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with embedded address'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'ORCHID'],
    ['5f00::1', 'segment routing'],
    ['4000::1', 'outside global unicast 2000::/3'],
  ];
  for (const [ip, why] of refused) {
    test(`${ip} (${why})`, () => assert.equal(isPublicAddress(ip), false));
  }
});

describe('isPublicAddress: numeric spellings and garbage are refused', () => {
  for (const spelling of [
    '2130706433', // 127.0.0.1 as one decimal number
    '0x7f000001',
    '0x7f.1',
    '0x7f.0.0.1',
    '017700000001', // octal
    '0177.0.0.1',
    '127.1',
    '127.0.1',
    '010.0.0.1', // leading zero: octal to some parsers
    '134744072', // even 8.8.8.8 spelled as a number: not a form a resolver returns
    '08.8.8.8',
    '8.8.8.8.',
    ' 8.8.8.8',
    '8.8.8.256',
    '[::1]',
    'localhost',
    'example.com',
    '',
  ]) {
    test(JSON.stringify(spelling), () => assert.equal(isPublicAddress(spelling), false));
  }
});
