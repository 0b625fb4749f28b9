// The 3D scene of an IFC model (docs/share-links.md): web-ifc (WebAssembly, its .wasm served from this
// site's own assets, single-threaded) turns the file into triangle meshes, three.js draws them with orbit /
// zoom / pan controls and a fit to the model. Loaded only by the BIM viewer (its own chunk).
import {
  AmbientLight,
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  Group,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  Matrix4,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { IfcAPI } from 'web-ifc';
import wasmUrl from 'web-ifc/web-ifc.wasm?url';

export const BACKGROUND = 0xeef1f5;

export type IfcScene = {
  /** Triangles drawn. */
  triangles: number;
  meshes: number;
  fit: () => void;
  dispose: () => void;
};

export class IfcReadError extends Error {}

/** The model's meshes as one group (the file closed again). */
async function meshesOf(data: Uint8Array): Promise<{ group: Group; triangles: number }> {
  const api = new IfcAPI();
  await api.Init((path) => (path.endsWith('.wasm') ? wasmUrl : path), true);
  let modelID = -1;
  try {
    modelID = api.OpenModel(data, { COORDINATE_TO_ORIGIN: true });
  } catch {
    throw new IfcReadError('BIM模型文件无法读取，文件可能已损坏');
  }
  if (modelID < 0) throw new IfcReadError('BIM模型文件无法读取，文件可能已损坏');
  const group = new Group();
  const materials = new Map<string, MeshLambertMaterial>();
  let triangles = 0;
  try {
    api.StreamAllMeshes(modelID, (mesh) => {
      const placed = mesh.geometries;
      for (let i = 0; i < placed.size(); i += 1) {
        const pg = placed.get(i);
        const geometry = api.GetGeometry(modelID, pg.geometryExpressID);
        const vertices = new Float32Array(api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize()));
        const indices = new Uint32Array(api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize()));
        geometry.delete();
        if (indices.length === 0) continue;
        // x, y, z, nx, ny, nz per vertex.
        const buffer = new InterleavedBuffer(vertices, 6);
        const shape = new BufferGeometry();
        shape.setAttribute('position', new InterleavedBufferAttribute(buffer, 3, 0));
        shape.setAttribute('normal', new InterleavedBufferAttribute(buffer, 3, 3));
        shape.setIndex(new BufferAttribute(indices, 1));
        const { x, y, z, w } = pg.color;
        const key = `${x},${y},${z},${w}`;
        let material = materials.get(key);
        if (!material) {
          material = new MeshLambertMaterial({ color: new Color(x, y, z), side: DoubleSide, transparent: w < 1, opacity: w, depthWrite: w >= 1 });
          materials.set(key, material);
        }
        const object = new Mesh(shape, material);
        object.matrixAutoUpdate = false;
        object.matrix = new Matrix4().fromArray(pg.flatTransformation);
        group.add(object);
        triangles += indices.length / 3;
      }
    });
  } catch (e) {
    if (e instanceof IfcReadError) throw e;
    throw new IfcReadError('BIM模型文件无法读取，文件可能已损坏');
  } finally {
    api.CloseModel(modelID);
  }
  return { group, triangles };
}

function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** Draws the model in `container` (a canvas filling it); the caller disposes. */
export async function openIfcScene(container: HTMLElement, data: Uint8Array): Promise<IfcScene> {
  if (!hasWebGl()) throw new IfcReadError('当前浏览器不支持三维显示（WebGL）');
  const { group, triangles } = await meshesOf(data);
  if (group.children.length === 0) throw new IfcReadError('BIM模型中没有可显示的构件');
  // IFC is Z-up in the file; web-ifc answers Y-up coordinates, as three.js uses.
  const scene = new Scene();
  scene.background = new Color(BACKGROUND);
  scene.add(group);
  scene.add(new AmbientLight(0xffffff, 1.6));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(1, 2, 1.5);
  scene.add(sun);
  const camera = new PerspectiveCamera(45, 1, 0.1, 10_000);
  const renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.domElement.className = 'bim-canvas';
  renderer.domElement.setAttribute('aria-label', 'BIM模型三维视图');
  container.appendChild(renderer.domElement);
  const controls = new OrbitControls(camera, renderer.domElement);
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);

  const resize = () => {
    const width = Math.max(1, container.clientWidth);
    const height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height, true);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  };
  const fit = () => {
    group.updateMatrixWorld(true);
    const sphere = new Box3().setFromObject(group).getBoundingSphere(new Sphere());
    const radius = Math.max(sphere.radius, 0.01);
    const distance = (radius / Math.sin((camera.fov * Math.PI) / 360)) * 1.1;
    const direction = new Vector3(1, 0.8, 1.2).normalize();
    camera.position.copy(sphere.center).addScaledVector(direction, distance);
    camera.near = Math.max(distance / 1000, 0.01);
    camera.far = distance * 10;
    camera.updateProjectionMatrix();
    controls.target.copy(sphere.center);
    controls.update();
    render();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();
  fit();
  return {
    triangles,
    meshes: group.children.length,
    fit,
    dispose: () => {
      observer.disconnect();
      controls.dispose();
      group.traverse((o) => {
        if (o instanceof Mesh) o.geometry.dispose();
      });
      new Set(group.children.map((o) => (o as Mesh).material as MeshLambertMaterial)).forEach((m) => m.dispose());
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
