export default function Page() {
  return <main id="main">not-found</main>;
}
