// The part of proxy-addr (Express's own, a dependency of express; the package ships no types) the edge
// uses: compiling a `trust proxy` setting once into the function that judges each hop.
declare module 'proxy-addr' {
  interface ProxyAddr {
    /** Addresses, subnets and the presets `loopback`, `linklocal`, `uniquelocal`; throws on anything else. */
    compile(trust: string | readonly string[]): (address: string, hop: number) => boolean;
  }
  const proxyAddr: ProxyAddr;
  export default proxyAddr;
}
