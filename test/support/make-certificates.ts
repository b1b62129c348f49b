// Test helper (not a test): a private CA and the certificates a TLS test needs, made on the spot
// with node:crypto keys and node-forge signatures (no openssl binary needed), written as PEM
// files into a fresh temporary directory.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';

/** The PEM files of a test's certificates. */
export interface TestCertificates {
  dir: string;
  /** The private CA that signed the server and client certificates. */
  caCert: string;
  /** Server certificate for 127.0.0.1 and localhost, and its key. */
  serverCert: string;
  serverKey: string;
  /** Client certificate (clientAuth) and its key. */
  clientCert: string;
  clientKey: string;
  /** A client certificate of another CA, which the server does not trust. */
  strangerCert: string;
  strangerKey: string;
}

interface Issued {
  cert: forge.pki.Certificate;
  keyPem: string;
}

function newKeys(): { pem: string; forgeKey: forge.pki.rsa.PrivateKey; forgePublic: forge.pki.rsa.PublicKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return { pem, forgeKey, forgePublic: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

function issue(
  commonName: string,
  extensions: object[],
  signer?: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey },
): Issued & { key: forge.pki.rsa.PrivateKey } {
  const keys = newKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.forgePublic;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer(signer ? signer.cert.subject.attributes : [{ name: 'commonName', value: commonName }]);
  cert.setExtensions(extensions);
  cert.sign(signer?.key ?? keys.forgeKey, forge.md.sha256.create());
  return { cert, keyPem: keys.pem, key: keys.forgeKey };
}

const caExtensions = [
  { name: 'basicConstraints', cA: true, critical: true },
  { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
];

/** Makes a CA, a server certificate for 127.0.0.1/localhost and a client certificate signed by it, and a stranger's client certificate. */
export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-tls-'));
  const ca = issue('mgmt-kit test CA', caExtensions);
  const signer = { cert: ca.cert, key: ca.key };
  const server = issue(
    '127.0.0.1',
    [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
    signer,
  );
  const client = issue(
    'mgmt-kit test client',
    [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', clientAuth: true },
    ],
    signer,
  );
  const otherCa = issue('another CA', caExtensions);
  const stranger = issue(
    'stranger',
    [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', clientAuth: true },
    ],
    { cert: otherCa.cert, key: otherCa.key },
  );
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const pem = (cert: forge.pki.Certificate) => forge.pki.certificateToPem(cert);
  return {
    dir,
    caCert: write('ca.pem', pem(ca.cert)),
    serverCert: write('server.pem', pem(server.cert)),
    serverKey: write('server-key.pem', server.keyPem),
    clientCert: write('client.pem', pem(client.cert)),
    clientKey: write('client-key.pem', client.keyPem),
    strangerCert: write('stranger.pem', pem(stranger.cert)),
    strangerKey: write('stranger-key.pem', stranger.keyPem),
  };
}
