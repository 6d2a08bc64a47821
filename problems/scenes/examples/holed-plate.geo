// A square plate with a round hole: 0.3 m x 0.1 m (thickness, along y) x
// 0.3 m, hole of radius 0.08 m through its centre along y; centred at the
// origin. Meshed by gmsh from this script (geometry = "geo" in a scene
// file); sizes are the script's own.
SetFactory("OpenCASCADE");
Box(1) = {-0.15, -0.05, -0.15, 0.3, 0.1, 0.3};
Cylinder(2) = {0, -0.05, 0, 0, 0.1, 0, 0.08};
BooleanDifference{ Volume{1}; Delete; }{ Volume{2}; Delete; }
Mesh.MeshSizeMax = 0.05;
