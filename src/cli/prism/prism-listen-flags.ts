/** `--port` and `--host` of the Prism commands (mock and proxy), which differ only in the default port. */
export function prismListenFlags(defaultPort: number) {
  return {
    port: { type: 'integer', min: 0, max: 65_535, default: defaultPort, description: 'port Prism listens on' },
    host: {
      type: 'string',
      env: 'MGMT_KIT_HOST',
      valueName: 'HOST',
      default: '127.0.0.1',
      description: 'address Prism listens on (the container image sets 0.0.0.0)',
    },
  } as const;
}
