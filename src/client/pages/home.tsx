export default function Page() {
  return <main id="main">home</main>;
}
