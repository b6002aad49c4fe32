import { refusedAddress } from './refused-addresses';

describe('the addresses a given URL may not lead to', () => {
  const refused = [
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
  ];
  it.each(refused)('refuses %s', (address) => {
    expect(refusedAddress(address, false)).toMatch(/private or reserved address|cloud metadata address/);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(refusedAddress(address, false)).toBeNull();
  });

  it('allows private addresses where the operator allows them, but never the cloud metadata service', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', 'fd12::1']) expect(refusedAddress(address, true)).toBeNull();
    expect(refusedAddress('169.254.169.254', true)).toBe('169.254.169.254 is a cloud metadata address');
    expect(refusedAddress('fd00:ec2:0::254', true)).toMatch(/cloud metadata address/);
  });
});
