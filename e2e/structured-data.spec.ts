import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";

/** What search engines read: JSON-LD, one h1, canonical addresses from PUBLIC_BASE_URL, the sitemap, robots.txt. */
type Node = Record<string, unknown> & { "@type": string | string[] };

function jsonLd(html: string): Node[] {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, "a JSON-LD script element").not.toBeNull();
  const data = JSON.parse(match![1]!) as { "@context": string; "@graph": Node[] };
  expect(data["@context"]).toBe("https://schema.org");
  return data["@graph"];
}

function nodeOf(graph: Node[], type: string): Node {
  const node = graph.find((candidate) => [candidate["@type"]].flat().includes(type));
  expect(node, type).toBeDefined();
  return node!;
}

function expectPhysician(graph: Node[]) {
  const physician = nodeOf(graph, "IndividualPhysician");
  expect(physician.name).toBe("Dr. Ananya Rao");
  expect(physician.medicalSpecialty).toEqual(
    expect.arrayContaining(["https://schema.org/Pediatric", "https://schema.org/Cardiovascular"]),
  );
  expect(physician.hasCredential).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ "@type": "EducationalOccupationalCredential", name: "MBBS" }),
    ]),
  );
  expect(physician.address).toMatchObject({ "@type": "PostalAddress", addressLocality: "Bengaluru" });
  expect(physician.knowsLanguage).toEqual(["English", "Hindi", "Kannada"]);
  expect(physician.telephone).toBe("+91 80 0000 0000");
  expect(physician.priceRange).toMatch(/^₹[\d,]+$/);
  expect(physician.openingHoursSpecification).toEqual([
    expect.objectContaining({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: expect.arrayContaining(["https://schema.org/Monday", "https://schema.org/Sunday"]),
      opens: "19:00",
      closes: "21:00",
    }),
  ]);
}

test("the home page describes the doctor as an IndividualPhysician", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const graph = jsonLd(html);
  expectPhysician(graph);
  expect(nodeOf(graph, "WebSite").url).toBe(`${baseURL}/`);
  expect(nodeOf(graph, "MedicalWebPage").url).toBe(`${baseURL}/`);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/" />`);
});

test("an article's page describes the article, its page and its breadcrumbs", async ({ request }) => {
  const html = await (await request.get("/articles/heart-murmurs-in-children")).text();
  const graph = jsonLd(html);
  const url = `${baseURL}/articles/heart-murmurs-in-children`;
  const article = nodeOf(graph, "Article");
  expect(article).toMatchObject({
    headline: "Heart Murmurs in Children: When Should Parents Worry?",
    author: { "@type": "Person", name: "Dr. Ananya Rao" },
    image: `${baseURL}/images/articles/heart-murmur.svg`,
    mainEntityOfPage: url,
  });
  expect(Date.parse(String(article.datePublished))).not.toBeNaN();
  expect(Date.parse(String(article.dateModified))).not.toBeNaN();
  expect(nodeOf(graph, "MedicalWebPage")).toMatchObject({ url, mainEntity: { "@id": `${url}#article` } });
  const crumbs = nodeOf(graph, "BreadcrumbList").itemListElement as { position: number; item: string }[];
  expect(crumbs.map((crumb) => [crumb.position, crumb.item])).toEqual([
    [1, `${baseURL}/`],
    [2, `${baseURL}/#articles`],
    [3, url],
  ]);
  expectPhysician(graph);
  expect(html).toContain(`<link rel="canonical" href="${url}" />`);
});

test("every public page has exactly one h1; pages for one person are not indexed", async ({ request }) => {
  for (const path of [
    "/",
    "/articles/heart-murmurs-in-children",
    "/contact-us",
    "/terms-conditions",
    "/nope",
  ]) {
    const html = await (await request.get(path)).text();
    expect(html.match(/<h1[\s>]/g), path).toHaveLength(1);
  }
  for (const path of ["/admin", "/payment/callback", "/video-consultation/x", "/nope"])
    expect(await (await request.get(path)).text(), path).toContain(
      '<meta name="robots" content="noindex" />',
    );
});

test("sitemap.xml lists every published article with its last change, and robots.txt names it", async ({
  request,
}) => {
  const articles = (await (await request.get("/api/articles")).json()) as {
    articles: { slug: string; updatedAt: string }[];
  };
  expect(articles.articles.length).toBeGreaterThan(0);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/contact-us</loc>`);
  for (const article of articles.articles) {
    expect(xml).toContain(
      `<url><loc>${baseURL}/articles/${article.slug}</loc><lastmod>${article.updatedAt}</lastmod></url>`,
    );
    // The articles are the doctor's English: no Hindi or Kannada address of theirs is listed.
    expect(xml).not.toContain(`/kn/articles/${article.slug}`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /admin");
});
