/** Browser and operating system in words, from a User-Agent header (enough for the online-user list). */
export function describeUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  if (!ua) return { browser: '未知', os: '未知' };
  const version = (re: RegExp) => ua.match(re)?.[1]?.split('.')[0];
  let browser = '未知';
  const edge = version(/Edg(?:e|A|iOS)?\/([\d.]+)/);
  const firefox = version(/Firefox\/([\d.]+)/);
  const chrome = version(/(?:Chrome|CriOS)\/([\d.]+)/);
  const safari = version(/Version\/([\d.]+).*Safari/);
  if (/MicroMessenger/i.test(ua)) browser = `微信 ${version(/MicroMessenger\/([\d.]+)/) ?? ''}`.trim();
  else if (edge) browser = `Edge ${edge}`;
  else if (firefox) browser = `Firefox ${firefox}`;
  else if (/HeadlessChrome/.test(ua)) browser = `Chrome Headless ${version(/HeadlessChrome\/([\d.]+)/) ?? ''}`.trim();
  else if (chrome) browser = `Chrome ${chrome}`;
  else if (safari) browser = `Safari ${safari}`;
  else if (/Trident|MSIE/.test(ua)) browser = 'Internet Explorer';
  else if (/curl|node|undici|axios|lightMyRequest/i.test(ua)) browser = ua.split(/[\s/]/)[0] ?? '未知';
  let os = '未知';
  if (/Windows NT 10/.test(ua)) os = 'Windows 10/11';
  else if (/Windows/.test(ua)) os = 'Windows';
  else if (/Android/.test(ua)) os = 'Android';
  else if (/iPhone|iPad|iOS/.test(ua)) os = 'iOS';
  else if (/Mac OS X/.test(ua)) os = 'macOS';
  else if (/Linux/.test(ua)) os = 'Linux';
  return { browser, os };
}
